import { awaitOrForce } from './waitUntil';

describe('awaitOrForce: the bounded stop of a child process', () => {
	test('what settles in time is returned and nothing is forced', async () => {
		const force = jest.fn();
		await expect(awaitOrForce(Promise.resolve('exited'), 60_000, force)).resolves.toBe('exited');
		expect(force).not.toHaveBeenCalled();
	});

	test('what does not settle is forced once, then awaited to its end', async () => {
		let exit: (how: string) => void = () => undefined;
		const exited = new Promise<string>((resolve) => (exit = resolve));
		const force = jest.fn(() => exit('SIGKILL'));
		await expect(awaitOrForce(exited, 10, force)).resolves.toBe('SIGKILL');
		expect(force).toHaveBeenCalledTimes(1);
	});

	test('a failure of what it waits for is passed on', async () => {
		const force = jest.fn();
		const failed = Promise.reject(new Error('spawn ENOENT'));
		await expect(awaitOrForce(failed, 60_000, force)).rejects.toThrow('spawn ENOENT');
		expect(force).not.toHaveBeenCalled();
	});
});

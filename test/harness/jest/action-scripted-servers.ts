import { startScriptedServer, type ScriptedAnswer } from './scripted-server';

/**
 * Scripted servers for one test file, each closed after the test that started it: the suites of
 * the credentials and the transport start several per test and must not leave one listening.
 */
export function useScriptedServers() {
	const open: Array<{ close(): Promise<void> }> = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((server) => server.close()));
	});
	return async (answer: ScriptedAnswer) => {
		const started = await startScriptedServer(answer);
		open.push(started);
		return started;
	};
}

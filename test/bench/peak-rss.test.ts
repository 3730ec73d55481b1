import { spawn } from 'node:child_process';

import { PeakRss } from '../../bench/lib/proc';

/** PeakRss.pause()/resume() (the drain curve's floor pagings): a child takes and frees 200 MB. */

const MB = 1024 * 1024;
const BUFFER_MB = 200;

/**
 * A Node process that, per line on stdin, takes ("take") or frees ("free") 200 MB, then says "ok";
 * after "free" once its resident memory has fallen back (V8 may free the buffer's memory on
 * another thread just after the collection), so the parent reads the kernel's figures after it.
 */
function memoryChild() {
	const script = `
		let held;
		require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
			const ok = () => process.stdout.write('ok\\n');
			if (line === 'take') held = Buffer.alloc(${BUFFER_MB} * 1024 * 1024, 1);
			if (line !== 'free') return ok();
			const taken = process.memoryUsage().rss;
			held = undefined;
			global.gc();
			const fallen = (tries) =>
				taken - process.memoryUsage().rss > ${BUFFER_MB / 2} * 1024 * 1024 || tries === 0
					? ok()
					: setTimeout(() => fallen(tries - 1), 10);
			fallen(200);
		});`;
	const child = spawn(process.execPath, ['--expose-gc', '-e', script]);
	let answered: (() => void) | undefined;
	child.stdout.on('data', () => answered?.());
	return {
		child,
		command: (line: string) =>
			new Promise<void>((resolve) => {
				answered = resolve;
				child.stdin.write(`${line}\n`);
			}),
	};
}

let memory: ReturnType<typeof memoryChild>;
beforeEach(async () => {
	memory = memoryChild();
	await memory.command('hello');
});
afterEach(() => memory.child.kill());

test('memory taken and given back while measuring counts in the peak', async () => {
	const peak = new PeakRss(memory.child.pid!);
	await memory.command('take');
	await memory.command('free');
	expect(peak.stop().riseBytes).toBeGreaterThan((BUFFER_MB / 2) * MB);
});

test('memory taken and given back between pause() and resume() does not', async () => {
	const peak = new PeakRss(memory.child.pid!);
	peak.pause();
	await memory.command('take');
	await memory.command('free');
	peak.resume();
	expect(peak.stop().riseBytes).toBeLessThan((BUFFER_MB / 4) * MB);
});

test('what was measured before a pause still counts after it', async () => {
	const peak = new PeakRss(memory.child.pid!);
	await memory.command('take');
	await memory.command('free');
	peak.pause();
	peak.resume();
	expect(peak.stop().riseBytes).toBeGreaterThan((BUFFER_MB / 2) * MB);
});

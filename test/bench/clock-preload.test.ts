import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { N8nGcPauses } from '../../bench/lib/gc';
import { waitUntil } from '../harness/waitUntil';

/**
 * The bench's n8n runs with bench/lib/n8n-clock-preload.cjs: its Date runs ahead of the real one by
 * the milliseconds in BENCH_N8N_CLOCK_FILE, and is otherwise the real Date for what n8n does with it;
 * with BENCH_N8N_GC_FILE it records its garbage collections and collects on the bench's signal.
 */

const PRELOAD = path.join(__dirname, '../../bench/lib/n8n-clock-preload.cjs');
const HOUR = 3_600_000;

/** Runs `script` in a Node process with the preload and the offset; returns what it printed as JSON. */
function withPreload(offsetMs: number, script: string): Record<string, unknown> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clock-preload-'));
	const file = path.join(folder, 'offset');
	fs.writeFileSync(file, String(offsetMs));
	try {
		const out = execFileSync(process.execPath, ['--require', PRELOAD, '-e', script], {
			env: { ...process.env, BENCH_N8N_CLOCK_FILE: file, OFFSET_FILE: file },
		});
		return JSON.parse(out.toString()) as Record<string, unknown>;
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

test("now, new Date() and Date() run ahead by the file's offset", () => {
	const before = Date.now();
	const seen = withPreload(
		HOUR,
		`console.log(JSON.stringify({ now: Date.now(), made: new Date().getTime(), text: Date() }))`,
	);
	const after = Date.now();
	for (const shifted of [seen.now as number, seen.made as number]) {
		expect(shifted).toBeGreaterThanOrEqual(before + HOUR);
		expect(shifted).toBeLessThanOrEqual(after + HOUR);
	}
	expect(Math.abs(Date.parse(seen.text as string) - (seen.now as number))).toBeLessThan(2_000);
});

test('dates of given times, parse and UTC are the real ones, and real Dates', () => {
	const seen = withPreload(
		HOUR,
		`const RealDate = Object.getPrototypeOf(Date);
		console.log(JSON.stringify({
			epoch: new Date(0).toISOString(),
			fields: new Date(2026, 0, 5, 9, 30).getMinutes(),
			text: new Date('2026-01-05T09:00:27Z').getTime(),
			parsed: Date.parse('2026-01-05T09:00:27Z'),
			utc: Date.UTC(2026, 0, 5),
			realDate: new Date(0) instanceof RealDate && new RealDate(0) instanceof Date,
			subclass: new (class extends Date {})(0).getTime(),
		}))`,
	);
	expect(seen).toEqual({
		epoch: '1970-01-01T00:00:00.000Z',
		fields: 30,
		text: Date.parse('2026-01-05T09:00:27Z'),
		parsed: Date.parse('2026-01-05T09:00:27Z'),
		utc: Date.UTC(2026, 0, 5),
		realDate: true,
		subclass: 0,
	});
});

test('a new offset written to the file is followed', () => {
	const seen = withPreload(
		0,
		`const fs = require('node:fs');
		const first = Date.now() - performance.timeOrigin - performance.now();
		fs.writeFileSync(process.env.OFFSET_FILE, '${2 * HOUR}');
		// Past the preload's 10 ms between two reads of the file.
		const until = performance.now() + 20;
		while (performance.now() < until);
		const second = Date.now() - performance.timeOrigin - performance.now();
		console.log(JSON.stringify({ moved: second - first }))`,
	);
	expect(Math.abs((seen.moved as number) - 2 * HOUR)).toBeLessThan(1_000);
});

const MIB = 2 ** 20;
/** A process that, on a line of input, keeps a 32 MiB Buffer and drops 64 MiB of strings. */
const KEEPS_ON_INPUT = `console.log('ready');
process.stdin.on('data', () => {
	globalThis.kept = Buffer.alloc(32 * ${MIB}, 1);
	for (let i = 0; i < 64; i++) globalThis.dropped = 'x'.repeat(${MIB}) + i;
	globalThis.dropped = undefined;
	console.log('kept');
});
setInterval(() => {}, 1000);`;

test("with BENCH_N8N_GC_FILE, n8n's collections are written and SIGUSR2 has it collect and say what is live", async () => {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-preload-'));
	const file = path.join(folder, 'n8n-gc.log');
	const child = spawn(process.execPath, ['--require', PRELOAD, '-e', KEEPS_ON_INPUT], {
		env: { ...process.env, BENCH_N8N_GC_FILE: file },
		stdio: ['pipe', 'pipe', 'inherit'],
	});
	try {
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
		// A signal before the preload's handler would end the process (SIGUSR2's default).
		await waitUntil('the child to start', () => out.includes('ready'), 10_000);
		const pauses = new N8nGcPauses(file, child.pid!);
		const from = Date.now();
		const live = await pauses.collect();
		child.stdin.write('keep\n');
		await waitUntil('the child to keep a buffer', () => out.includes('kept'), 10_000);
		const keeping = await pauses.collect();
		// The count of collections, and what is live after the last one: the 32 MiB kept count, the
		// 64 MiB of strings made and dropped meanwhile do not.
		expect(fs.readFileSync(`${file}.${child.pid}.collected`, 'utf8')).toBe(`2 ${keeping}`);
		expect(keeping - live).toBeGreaterThanOrEqual(32 * MIB);
		expect(keeping - live).toBeLessThan(40 * MIB);
		// Written twice a second: the two full collections are in the file within a second or so.
		const span = () => [{ receivedMs: from, finishedMs: Date.now() }];
		await waitUntil('the collections in the file', () => (pauses.during(span()) ?? 0) > 0, 5_000);
		// Another process's lines (n8n's task runner has the preload too) are not n8n's.
		expect(new N8nGcPauses(file, child.pid! + 1).during(span())).toBe(0);
	} finally {
		child.kill();
		fs.rmSync(folder, { recursive: true, force: true });
	}
});

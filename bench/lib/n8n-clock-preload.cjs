// Loaded into the bench's n8n with --require (./bench-clock.ts): n8n's clock (Date) runs ahead
// of the real one by the milliseconds written in BENCH_N8N_CLOCK_FILE, so that when the bench
// moves the emulator's clock by minutes, the n8n host's clock moves with it, as both would in the
// hours the bench compresses. Timers (setTimeout, performance.now) are left alone.
// With BENCH_N8N_GC_FILE, n8n's garbage collections are appended to that file, a line each: pid,
// real start (epoch ms), duration (ms), V8's kind; and on SIGUSR2 n8n collects all its garbage
// and writes, in the file beside, the count of such collections and the bytes still live after
// it: V8's heap in use and the memory outside it, Buffers included (./gc.ts reads both files and
// sends the signal).
'use strict';
const fs = require('node:fs');

const gcFile = process.env.BENCH_N8N_GC_FILE;
if (gcFile) {
	const { PerformanceObserver, performance } = require('node:perf_hooks');
	let lines = [];
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) {
			const start = (performance.timeOrigin + entry.startTime).toFixed(1);
			lines.push(
				`${process.pid} ${start} ${entry.duration.toFixed(2)} ${entry.detail?.kind ?? ''}\n`,
			);
		}
	}).observe({ entryTypes: ['gc'] });
	// Written twice a second, not per collection: a write inside a poll would be n8n's time too.
	setInterval(() => {
		if (lines.length === 0) return;
		const text = lines.join('');
		lines = [];
		fs.appendFile(gcFile, text, () => undefined);
	}, 500).unref();
	require('node:v8').setFlagsFromString('--expose-gc');
	const gc = require('node:vm').runInNewContext('gc');
	let collections = 0;
	process.on('SIGUSR2', () => {
		gc();
		const { heapUsed, external } = process.memoryUsage();
		// Whole or not at all: the bench reads the file while it is written.
		const marker = `${gcFile}.${process.pid}.collected`;
		fs.writeFileSync(`${marker}.partial`, `${++collections} ${heapUsed + external}`);
		fs.renameSync(`${marker}.partial`, marker);
	});
}

const file = process.env.BENCH_N8N_CLOCK_FILE;
if (file) {
	const RealDate = Date;
	const realNow = RealDate.now.bind(RealDate);
	let offset = 0;
	let readAt = -Infinity;
	/** The offset, read again at most every 10 ms (the bench writes it between polls). */
	const currentOffset = () => {
		const now = realNow();
		if (now - readAt >= 10) {
			readAt = now;
			const value = Number(fs.readFileSync(file, 'utf8'));
			if (Number.isFinite(value)) offset = value;
		}
		return offset;
	};
	const shiftedNow = () => realNow() + currentOffset();
	// A plain function in Date's place, not a Proxy: a Proxy's traps slowed every Date.parse and
	// new Date(), which the trigger makes per record and the helper floor does not.
	function ShiftedDate(value) {
		if (!new.target) return new RealDate(shiftedNow()).toString();
		if (new.target !== ShiftedDate) {
			const args = arguments.length ? Array.from(arguments) : [shiftedNow()];
			return Reflect.construct(RealDate, args, new.target);
		}
		switch (arguments.length) {
			case 0:
				return new RealDate(shiftedNow());
			case 1:
				return new RealDate(value);
			default:
				return new RealDate(...arguments);
		}
	}
	// Dates made here are real Dates: the same prototype, instanceof either; parse and UTC inherited.
	ShiftedDate.prototype = RealDate.prototype;
	Object.setPrototypeOf(ShiftedDate, RealDate);
	ShiftedDate.now = shiftedNow;
	globalThis.Date = ShiftedDate;
}

// Loaded into the bench's n8n with --require (./bench-clock.ts): n8n's clock (Date) runs ahead
// of the real one by the milliseconds written in BENCH_N8N_CLOCK_FILE, so that when the bench
// moves the emulator's clock by minutes, the n8n host's clock moves with it, as both would in the
// hours the bench compresses. Timers (setTimeout, performance.now) are left alone.
'use strict';
const fs = require('node:fs');

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
	globalThis.Date = new Proxy(RealDate, {
		construct(target, args, newTarget) {
			return Reflect.construct(target, args.length ? args : [shiftedNow()], newTarget);
		},
		apply() {
			return new RealDate(shiftedNow()).toString();
		},
		get(target, property, receiver) {
			if (property === 'now') return shiftedNow;
			return Reflect.get(target, property, receiver);
		},
	});
}

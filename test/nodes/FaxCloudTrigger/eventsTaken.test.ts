import { EventsTaken } from '../../../nodes/FaxCloudTrigger/fax/eventsTaken';

/**
 * One read of the window takes each event once (EventsTaken): a record modified while the pages
 * are read comes twice with the same key and time; the same key at another time is another event.
 */

const T = Date.parse('2026-11-29T06:00:00Z');

test('the same key at the same time is taken once, at another time again, each time once', () => {
	const taken = new EventsTaken();
	expect(taken.take('in:33', T)).toBe(true);
	expect(taken.take('in:33', T)).toBe(false);
	expect(taken.take('in:33', T + 1000)).toBe(true);
	expect(taken.take('in:33', T + 1000)).toBe(false);
	expect(taken.take('in:33', T)).toBe(false);
	expect(taken.take('out:33:sent', T)).toBe(true);
});

test('a record without a readable time is taken once, apart from a dated one of its key', () => {
	const taken = new EventsTaken();
	expect(taken.take('in:7', undefined)).toBe(true);
	expect(taken.take('in:7', undefined)).toBe(false);
	expect(taken.take('in:7', T)).toBe(true);
	expect(taken.take('in:7', T)).toBe(false);
});

test('a time that could not be placed (NaN: no zone, no clock) is taken once', () => {
	const taken = new EventsTaken();
	expect(taken.take('in:8', T)).toBe(true);
	expect(taken.take('in:8', NaN)).toBe(true);
	expect(taken.take('in:8', NaN)).toBe(false);
	expect(taken.take('in:9', NaN)).toBe(true);
	expect(taken.take('in:9', NaN)).toBe(false);
});

// The trigger's units that decide which events are new: the window, one read's EventsTaken, the
// guessed slice of a long window's first read.
import { EventsTaken } from '../../../nodes/FaxCloudTrigger/fax/eventsTaken';
import { guessedSlice } from '../../../nodes/FaxCloudTrigger/state/windowSlice';
import {
	EventWindow,
	floorMinute,
	isWindowState,
	minuteDatetime,
} from '../../../nodes/FaxCloudTrigger/state/eventWindow';

/** A time on 5 January 2026 (UTC), the day of these windows. */
const at9 = (time: string) => Date.parse(`2026-01-05T${time}Z`);
const NINE = '2026-01-05T09:00:00.000Z';
const MINUTE = 60_000;
const LATENESS = 10 * MINUTE;

describe('EventWindow', () => {
	test('with no start (no clock, no record at activation) every event is new and no DatetimeAfter is sent', () => {
		const window = new EventWindow({ windowStart: null, seen: {} });
		expect(window.datetimeAfter).toBeUndefined();
		expect(window.isNew(Date.parse('2020-01-01T00:00:00Z'), 'in:1')).toBe(true);
	});

	test('the search starts at the window start, a whole minute at minute precision', () => {
		const window = new EventWindow({ windowStart: '2026-01-05T09:04:00.000Z', seen: {} });
		expect(window.datetimeAfter).toBe('2026-01-05T09:04Z');
		expect(minuteDatetime(at9('23:59:59.999'))).toBe('2026-01-05T23:59Z');
		expect(floorMinute(at9('09:05:42.500'))).toBe(at9('09:05:00'));
	});

	test('an event is new unless its key was seen at its time, or it is older than the window', () => {
		const window = new EventWindow({
			windowStart: '2026-01-05T09:04:00.000Z',
			seen: { '2026-01-05T09:05:00.000Z': ['in:7', 'out:7:sent'] },
		});
		expect(window.isNew(at9('09:05:00'), 'in:7')).toBe(false);
		expect(window.isNew(at9('09:05:00'), 'out:7:sent')).toBe(false);
		// Same FaxId, other direction or other status: another event.
		expect(window.isNew(at9('09:05:00'), 'out:7:sending')).toBe(true);
		expect(window.isNew(at9('09:05:00'), 'in:8')).toBe(true);
		// Same key at another time: the fax changed again.
		expect(window.isNew(at9('09:06:10'), 'out:7:sent')).toBe(true);
		// Before the window (a service comparing DatetimeAfter loosely may still return it).
		expect(window.isNew(at9('09:03:59'), 'in:1')).toBe(false);
		expect(window.isNew(at9('09:04:00'), 'in:1')).toBe(true);
	});

	test('after a whole read the start moves to the allowance before the service clock, never back', () => {
		const window = new EventWindow({ windowStart: NINE, seen: {} });
		window.advance({ serviceTime: at9('09:25:42'), latenessMs: LATENESS });
		expect(window.toState().windowStart).toBe('2026-01-05T09:15:00.000Z');
		// A larger allowance later, or a clock that went back, never moves the start back.
		window.advance({ serviceTime: at9('09:26:00'), latenessMs: 60 * MINUTE });
		window.advance({ serviceTime: at9('09:10:00'), latenessMs: LATENESS });
		expect(window.toState().windowStart).toBe('2026-01-05T09:15:00.000Z');
	});

	test('an event left for a later poll holds the start at its minute', () => {
		const window = new EventWindow({ windowStart: NINE, seen: {} });
		window.advance({
			serviceTime: at9('09:30:00'),
			latenessMs: LATENESS,
			firstLeft: at9('09:07:31'),
		});
		expect(window.toState().windowStart).toBe('2026-01-05T09:07:00.000Z');
	});

	test('without a service clock the start stays: a record that can still appear is not given up', () => {
		const window = new EventWindow({ windowStart: NINE, seen: {} });
		window.advance({ latenessMs: LATENESS });
		expect(window.toState().windowStart).toBe('2026-01-05T09:00:00.000Z');
		const open = new EventWindow({ windowStart: null, seen: {} });
		open.advance({ serviceTime: at9('09:30:10'), latenessMs: LATENESS });
		expect(open.toState().windowStart).toBe('2026-01-05T09:20:00.000Z');
	});

	test('the stored keys are only those of the window', () => {
		const window = new EventWindow({ windowStart: null, seen: {} });
		window.remember(at9('09:00:10'), 'in:1');
		window.remember(at9('09:03:59'), 'in:2');
		window.remember(at9('09:04:00'), 'in:3');
		window.remember(at9('09:05:30'), 'in:4');
		window.remember(at9('09:05:30'), 'in:5');
		window.advance({ serviceTime: at9('09:14:10'), latenessMs: LATENESS });
		expect(window.toState()).toEqual({
			windowStart: '2026-01-05T09:04:00.000Z',
			seen: {
				'2026-01-05T09:04:00.000Z': ['in:3'],
				'2026-01-05T09:05:30.000Z': ['in:4', 'in:5'],
			},
		});
	});

	test('stored states are checked before use', () => {
		expect(isWindowState({ windowStart: null, seen: {} })).toBe(true);
		expect(isWindowState({ windowStart: NINE, seen: { x: ['in:1'] } })).toBe(false);
		expect(isWindowState({ windowStart: 'yesterday', seen: {} })).toBe(false);
		expect(isWindowState({ windowStart: null })).toBe(false);
		expect(isWindowState({ windowStart: null, seen: [] })).toBe(false);
	});

	test('held events are checked too: a state without them (before they were kept) is read', () => {
		const window = { windowStart: NINE, seen: {} };
		const held = { record: { FaxId: '7' }, faxId: '7', status: 'recvOk', key: 'in:7' };
		expect(isWindowState(window)).toBe(true);
		expect(isWindowState({ ...window, held: [{ ...held, time: 1_767_603_600_000 }] })).toBe(true);
		expect(isWindowState({ ...window, held: [{ ...held, time: 'soon' }] })).toBe(false);
		expect(isWindowState({ ...window, held: [{ ...held, time: 1, record: null }] })).toBe(false);
		expect(isWindowState({ ...window, held: {} })).toBe(false);
	});
});

/**
 * One read of the window takes each event once (EventsTaken): a record modified while the pages
 * are read comes twice with the same key and time; the same key at another time is another event.
 */
describe('EventsTaken', () => {
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
		taken.take('in:8', T);
		expect(taken.take('in:8', NaN)).toBe(true);
		expect(taken.take('in:8', NaN)).toBe(false);
		expect(taken.take('in:9', NaN)).toBe(true);
		expect(taken.take('in:9', NaN)).toBe(false);
	});
});

describe('guessedSlice', () => {
	const from = Date.parse('2026-01-05T09:00:00Z');
	const settled = from + 120 * MINUTE;
	/** Pages read: `perMinute` records in the first minute, then one of the next minute. */
	const pagesRead = (perMinute: number) => [...Array<number>(perMinute).fill(from), from + MINUTE];
	const upTo = (perMinute: number) =>
		guessedSlice(from, settled, pagesRead(perMinute), 1_000)?.upTo;

	test('ends where the last whole minute read reaches the room: 100 a minute, room 1,000', () => {
		expect(guessedSlice(from, settled, pagesRead(100), 1_000)).toEqual({
			upTo: from + 10 * MINUTE,
			sliceMs: 10 * MINUTE,
		});
	});

	test('rounds to the nearest minute, one at least past the last minute read', () => {
		expect(upTo(130)).toBe(from + 8 * MINUTE);
		expect(upTo(900)).toBe(from + 2 * MINUTE);
	});

	test('no guess from pages out of time order, within one minute, with an empty last minute, past the settled part, or at the room', () => {
		const ordered = pagesRead(100);
		expect(guessedSlice(from, settled, [...ordered].reverse(), 1_000)).toBeUndefined();
		expect(guessedSlice(from, settled, Array<number>(300).fill(from), 1_000)).toBeUndefined();
		expect(guessedSlice(from, settled, [from, from + 5 * MINUTE], 1_000)).toBeUndefined();
		expect(guessedSlice(from, from + 9 * MINUTE, ordered, 1_000)).toBeUndefined();
		expect(guessedSlice(from, settled, ordered, ordered.length)).toBeUndefined();
		expect(guessedSlice(undefined, settled, ordered, 1_000)).toBeUndefined();
		expect(guessedSlice(from, undefined, ordered, 1_000)).toBeUndefined();
	});

	test('no guess from pages whose ends are in time order but not the records between them (records modified after later ones arrived)', () => {
		const between = pagesRead(100);
		[between[1], between[2]] = [from + MINUTE / 2, from + MINUTE / 4];
		expect(guessedSlice(from, settled, between, 1_000)).toBeUndefined();
	});
});

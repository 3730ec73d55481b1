import {
	EventWindow,
	isWindowState,
	minuteDatetime,
	windowStartOf,
} from '../../../nodes/FaxCloudTrigger/cursor';

const at = (iso: string) => Date.parse(iso);

describe('EventWindow', () => {
	test('with no cursor (the service held nothing) every event is new and no DatetimeAfter is sent', () => {
		const window = new EventWindow({ cursor: null, seen: {} });
		expect(window.datetimeAfter).toBeUndefined();
		expect(window.isNew(at('2020-01-01T00:00:00Z'), 'in:1')).toBe(true);
	});

	test('the next search starts one whole minute before the cursor minute', () => {
		expect(windowStartOf(at('2026-01-05T09:05:42.500Z'))).toBe(at('2026-01-05T09:04:00Z'));
		expect(windowStartOf(at('2026-01-05T09:05:00Z'))).toBe(at('2026-01-05T09:04:00Z'));
		const window = new EventWindow({ cursor: '2026-01-05T09:05:42.000Z', seen: {} });
		expect(window.datetimeAfter).toBe('2026-01-05T09:04Z');
		expect(minuteDatetime(at('2026-01-05T23:59:59.999Z'))).toBe('2026-01-05T23:59Z');
	});

	test('an event is new unless its key was seen at its time, or it is older than the window', () => {
		const window = new EventWindow({
			cursor: '2026-01-05T09:05:00.000Z',
			seen: { '2026-01-05T09:05:00.000Z': ['in:7', 'out:7:sent'] },
		});
		expect(window.isNew(at('2026-01-05T09:05:00Z'), 'in:7')).toBe(false);
		expect(window.isNew(at('2026-01-05T09:05:00Z'), 'out:7:sent')).toBe(false);
		// Same FaxId, other direction or other status: another event.
		expect(window.isNew(at('2026-01-05T09:05:00Z'), 'out:7:sending')).toBe(true);
		expect(window.isNew(at('2026-01-05T09:05:00Z'), 'in:8')).toBe(true);
		// Same key at another time: the fax changed again.
		expect(window.isNew(at('2026-01-05T09:06:10Z'), 'out:7:sent')).toBe(true);
		// Before the window (a service comparing DatetimeAfter loosely may still return it).
		expect(window.isNew(at('2026-01-05T09:03:59Z'), 'in:1')).toBe(false);
		expect(window.isNew(at('2026-01-05T09:04:00Z'), 'in:1')).toBe(true);
	});

	test('the stored keys are only those the next window can return again', () => {
		const window = new EventWindow({ cursor: null, seen: {} });
		window.remember(at('2026-01-05T09:00:10Z'), 'in:1');
		window.remember(at('2026-01-05T09:03:59Z'), 'in:2');
		window.remember(at('2026-01-05T09:04:00Z'), 'in:3');
		window.remember(at('2026-01-05T09:05:30Z'), 'in:4');
		window.remember(at('2026-01-05T09:05:30Z'), 'in:5');
		expect(window.toState()).toEqual({
			cursor: '2026-01-05T09:05:30.000Z',
			seen: {
				'2026-01-05T09:04:00.000Z': ['in:3'],
				'2026-01-05T09:05:30.000Z': ['in:4', 'in:5'],
			},
		});
	});

	test('the cursor never moves back', () => {
		const window = new EventWindow({ cursor: '2026-01-05T09:05:00.000Z', seen: {} });
		window.remember(at('2026-01-05T09:04:30Z'), 'in:1');
		expect(window.toState().cursor).toBe('2026-01-05T09:05:00.000Z');
	});

	test('stored states are checked before use', () => {
		expect(isWindowState({ cursor: null, seen: {} })).toBe(true);
		expect(isWindowState({ cursor: '2026-01-05T09:00:00.000Z', seen: { x: ['in:1'] } })).toBe(
			false,
		);
		expect(isWindowState({ cursor: 'yesterday', seen: {} })).toBe(false);
		expect(isWindowState({ cursor: null })).toBe(false);
	});
});

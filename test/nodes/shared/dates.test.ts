import {
	isKnownTimezone,
	wallClockToEpochMs,
	zoneOffsetMs,
	type WallClock,
} from '../../../nodes/shared/dates';

/** `YYYY-MM-DDThh:mm` as a wall clock. */
function wall(text: string): WallClock {
	const [, year, month, day, hour, minute] = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/
		.exec(text)!
		.map(Number);
	return { year, month, day, hour, minute, second: 0 };
}

const instant = (text: string, zone: string) =>
	new Date(wallClockToEpochMs(wall(text), zone)).toISOString();

describe('wall-clock time in a zone to UTC', () => {
	test.each([
		['2026-01-15T09:00', 'America/New_York', '2026-01-15T14:00:00.000Z', 'EST, -05:00'],
		['2026-07-15T09:00', 'America/New_York', '2026-07-15T13:00:00.000Z', 'EDT, -04:00'],
		['2026-11-24T09:00', 'America/New_York', '2026-11-24T14:00:00.000Z', 'EST again'],
		['2026-01-15T09:00', 'Asia/Kolkata', '2026-01-15T03:30:00.000Z', '+05:30 all year'],
		['2026-07-15T09:00', 'Asia/Kolkata', '2026-07-15T03:30:00.000Z', '+05:30 all year'],
		['2026-01-15T09:00', 'UTC', '2026-01-15T09:00:00.000Z', 'UTC'],
		['2026-01-15T09:00', 'Australia/Sydney', '2026-01-14T22:00:00.000Z', 'AEDT in January'],
		['0050-06-01T12:00', 'UTC', '0050-06-01T12:00:00.000Z', 'a year below 100 stays'],
	])('%s in %s is %s (%s)', (text, zone, expected) => {
		expect(instant(text, zone)).toBe(expected);
	});

	describe('New York, spring 2026: clocks jump from 02:00 EST to 03:00 EDT on 8 March', () => {
		test('the minute before and the minute after the jump', () => {
			expect(instant('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
			expect(instant('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
		});

		test('02:30 does not exist and moves forward by the hour skipped, to 03:30 EDT', () => {
			expect(instant('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
			expect(instant('2026-03-08T02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
		});
	});

	describe('New York, autumn 2026: clocks go back from 02:00 EDT to 01:00 EST on 1 November', () => {
		test('01:30 occurs twice and is the earlier one, 01:30 EDT', () => {
			expect(instant('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
			expect(instant('2026-11-01T01:00', 'America/New_York')).toBe('2026-11-01T05:00:00.000Z');
		});

		test('around the repeated hour the offsets are the plain ones', () => {
			expect(instant('2026-11-01T00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z');
			expect(instant('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
		});
	});

	test('a half-hour clock change (Lord Howe Island) follows the same two rules', () => {
		// 2026-10-04 02:00 +10:30 becomes 02:30 +11:00; 2026-04-05 02:00 +11:00 becomes 01:30 +10:30.
		expect(instant('2026-10-04T02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
		expect(instant('2026-04-05T01:45', 'Australia/Lord_Howe')).toBe('2026-04-04T14:45:00.000Z');
	});
});

describe('zone offsets', () => {
	test.each([
		['America/New_York', '2026-01-15T14:00:00Z', -300],
		['America/New_York', '2026-07-15T13:00:00Z', -240],
		['Asia/Kolkata', '2026-01-15T03:30:00Z', 330],
		['Asia/Kathmandu', '2026-01-15T03:30:00Z', 345],
		['UTC', '2026-01-15T03:30:00Z', 0],
	])('%s at %s is %p minutes', (zone, at, minutes) => {
		expect(zoneOffsetMs(zone, Date.parse(at)) / 60_000).toBe(minutes);
	});

	test.each([
		['America/New_York', true],
		['Asia/Kolkata', true],
		['UTC', true],
		['Mars/Olympus_Mons', false],
		['DEFAULT', false],
		['', false],
		[undefined, false],
	])('%p is a known zone: %p', (zone, known) => {
		expect(isKnownTimezone(zone)).toBe(known);
	});
});

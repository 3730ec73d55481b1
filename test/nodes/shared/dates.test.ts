import {
	isKnownTimezone,
	wallClockToEpochMs,
	zoneOffsetMs,
	type WallClock,
} from '../../../nodes/shared/dates';
import { ZONE_LESS_TIMES } from '../../harness/jest/workflow-times';

/** `YYYY-MM-DDThh:mm`, with or without `:ss`, as a wall clock. */
function wall(text: string): WallClock {
	const [, year, month, day, hour, minute, second] =
		/^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/
			.exec(text)!
			.map((part) => Number(part ?? 0));
	return { year, month, day, hour, minute, second };
}

const instant = (text: string, zone: string) =>
	new Date(wallClockToEpochMs(wall(text), zone)).toISOString();

describe('wall-clock time in a zone to UTC', () => {
	test.each([
		...ZONE_LESS_TIMES,
		['UTC', '0050-06-01T12:00', '0050-06-01T12:00:00Z', 'a year below 100 stays'],
	])('in %s, %s is %s (%s)', (zone, text, utc) => {
		expect(instant(text, zone)).toBe(new Date(utc).toISOString());
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

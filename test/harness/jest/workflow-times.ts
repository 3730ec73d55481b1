/**
 * Times as n8n's date picker or an expression gives them and the UTC instant each means: one table
 * for the conversion (nodes/shared/dates.ts, validation.ts) and for every Send After that uses it,
 * so the unit tests and the node's runs check the same times.
 */

/** A time without a zone, read in the workflow's timezone: [timezone, time, UTC sent, why]. */
export const ZONE_LESS_TIMES: Array<[string, string, string, string]> = [
	['America/New_York', '2026-01-15T09:00', '2026-01-15T14:00:00Z', 'EST -05:00, minutes only'],
	['America/New_York', '2026-01-20T09:00:00', '2026-01-20T14:00:00Z', 'winter, EST -05:00'],
	['America/New_York', '2026-07-15T09:00:00', '2026-07-15T13:00:00Z', 'summer, EDT -04:00'],
	['America/New_York', '2026-11-24T09:00:00', '2026-11-24T14:00:00Z', 'EST again'],
	['Asia/Kolkata', '2026-01-15T09:00', '2026-01-15T03:30:00Z', 'IST +05:30 in winter'],
	['Asia/Kolkata', '2026-07-15T09:00', '2026-07-15T03:30:00Z', 'IST +05:30 in summer'],
	['Asia/Kolkata', '2026-11-24T09:00:00', '2026-11-24T03:30:00Z', 'IST +05:30'],
	['UTC', '2026-01-15T09:00', '2026-01-15T09:00:00Z', 'a UTC workflow, minutes only'],
	['UTC', '2026-11-24T09:00:00', '2026-11-24T09:00:00Z', 'a UTC workflow'],
	['Australia/Sydney', '2026-01-15T09:00', '2026-01-14T22:00:00Z', 'AEDT in January'],
	// New York, spring 2026: clocks jump from 02:00 EST to 03:00 EDT on 8 March; a time that does
	// not exist moves forward by the hour skipped.
	['America/New_York', '2026-03-08T01:59', '2026-03-08T06:59:00Z', 'the minute before the jump'],
	['America/New_York', '2026-03-08T03:00', '2026-03-08T07:00:00Z', 'the minute after the jump'],
	['America/New_York', '2026-03-08T02:30:00', '2026-03-08T07:30:00Z', 'skipped: 03:30 EDT'],
	['America/New_York', '2026-03-08T02:00', '2026-03-08T07:00:00Z', 'skipped: 03:00 EDT'],
	// New York, autumn 2026: clocks go back from 02:00 EDT to 01:00 EST on 1 November; a time that
	// occurs twice is the earlier one.
	['America/New_York', '2026-11-01T01:30:00', '2026-11-01T05:30:00Z', 'twice: 01:30 EDT'],
	['America/New_York', '2026-11-01T01:00', '2026-11-01T05:00:00Z', 'twice: 01:00 EDT'],
	['America/New_York', '2026-11-01T00:59', '2026-11-01T04:59:00Z', 'before the repeated hour'],
	['America/New_York', '2026-11-01T02:00', '2026-11-01T07:00:00Z', 'after the repeated hour'],
	// Lord Howe Island changes by half an hour and follows the same two rules: 2026-10-04 02:00
	// +10:30 becomes 02:30 +11:00; 2026-04-05 02:00 +11:00 becomes 01:30 +10:30.
	['Australia/Lord_Howe', '2026-10-04T02:15', '2026-10-03T15:45:00Z', 'skipped half hour'],
	['Australia/Lord_Howe', '2026-04-05T01:45', '2026-04-04T14:45:00Z', 'repeated half hour'],
];

/** A time with its own zone (Z or an offset), which no workflow timezone changes: [time, UTC sent]. */
export const ZONED_TIMES: Array<[string, string]> = [
	['2026-11-24T09:00:00Z', '2026-11-24T09:00:00Z'],
	['2026-11-24T09:00:00+05:30', '2026-11-24T03:30:00Z'],
	['2026-11-24T09:00:00-0500', '2026-11-24T14:00:00Z'],
	['2026-07-15T09:00:00-04:00', '2026-07-15T13:00:00Z'],
];

/** ZONED_TIMES in a New York and in a Kolkata workflow: [timezone, time, UTC sent]. */
export const ZONED_TIMES_IN_TWO_ZONES: Array<[string, string, string]> = [
	'America/New_York',
	'Asia/Kolkata',
].flatMap((timezone) =>
	ZONED_TIMES.map(([time, utc]): [string, string, string] => [timezone, time, utc]),
);

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

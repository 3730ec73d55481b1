import { serviceDatetimeMs, toIsoUtc } from '../../../nodes/shared/recordFieldTypes';

/**
 * The trigger reads every record's time with serviceDatetimeMs; a run of records with the same
 * text is read once. Whatever order texts come in, each must read as itself.
 */

test('each text reads as its own instant, repeated, alternating or unreadable', () => {
	const at = Date.parse('2026-11-27T05:10:00Z');
	const second = Date.parse('2026-11-27T05:10:01Z');
	const read: Array<[string, number]> = [
		['2026-11-27T05:10:00Z', at],
		['2026-11-27T05:10:00Z', at],
		['2026-11-27 05:10:01', second],
		['2026-11-27T07:10:01+02:00', second],
		['not a time', NaN],
		['not a time', NaN],
		['', NaN],
		['2026-11-27T05:10:00Z', at],
		['2026-11-27T05:10', at],
	];
	expect(read.map(([text]) => serviceDatetimeMs(text))).toEqual(read.map(([, ms]) => ms));
	// A value that is not text is not a time, and does not disturb the next text's reading.
	expect(serviceDatetimeMs(undefined)).toBeNaN();
	expect(serviceDatetimeMs(null)).toBeNaN();
	expect(serviceDatetimeMs('2026-11-27T05:10')).toBe(Date.parse('2026-11-27T05:10:00Z'));
});

test('normalising gives each text its own ISO form, repeated or alternating with others', () => {
	// A record's ReceivedTime and CreateTime alternate; the last two texts are converted once.
	const converted: Array<[string, string]> = [
		['2026-11-27T05:10:00Z', '2026-11-27T05:10:00.000Z'],
		['2026-11-27 05:10:01', '2026-11-27T05:10:01.000Z'],
		['2026-11-27T05:10:00Z', '2026-11-27T05:10:00.000Z'],
		['2026-11-27T07:10:02+02:00', '2026-11-27T05:10:02.000Z'],
		['2026-11-27 05:10:01', '2026-11-27T05:10:01.000Z'],
		['not a time', 'not a time'],
		['2026-11-27T07:10:02+02:00', '2026-11-27T05:10:02.000Z'],
		['2026-11-27T05:10', '2026-11-27T05:10:00.000Z'],
	];
	expect(converted.map(([text]) => toIsoUtc(text))).toEqual(converted.map(([, iso]) => iso));
});

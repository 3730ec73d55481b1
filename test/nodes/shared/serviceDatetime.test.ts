import { serviceDatetimeMs } from '../../../nodes/shared/recordFieldTypes';

/**
 * The trigger reads every record's time with serviceDatetimeMs; a run of records with the same
 * text is read once. Whatever order texts come in, each must read as itself.
 */

test('each text reads as its own instant, repeated, alternating or unreadable', () => {
	const texts = [
		'2026-11-27T05:10:00Z',
		'2026-11-27T05:10:00Z',
		'2026-11-27 05:10:01',
		'2026-11-27T07:10:01+02:00',
		'not a time',
		'not a time',
		'',
		'2026-11-27T05:10:00Z',
		'2026-11-27T05:10',
	];
	const read = texts.map((text) => serviceDatetimeMs(text));
	expect(read).toEqual([
		Date.parse('2026-11-27T05:10:00Z'),
		Date.parse('2026-11-27T05:10:00Z'),
		Date.parse('2026-11-27T05:10:01Z'),
		Date.parse('2026-11-27T05:10:01Z'),
		NaN,
		NaN,
		NaN,
		Date.parse('2026-11-27T05:10:00Z'),
		Date.parse('2026-11-27T05:10:00Z'),
	]);
	// A value that is not text is not a time, and does not disturb the next text's reading.
	expect(serviceDatetimeMs(undefined)).toBeNaN();
	expect(serviceDatetimeMs(null)).toBeNaN();
	expect(serviceDatetimeMs('2026-11-27T05:10')).toBe(Date.parse('2026-11-27T05:10:00Z'));
});

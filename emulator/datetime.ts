export type DatetimePrecision = 'second' | 'minute';

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The description's datetimes: minutes or seconds, zone Z or an offset with or without colon. Any
 * other (no zone, fractions, lowercase t/z) is refused, so a sloppy client finds out here.
 */
export function parseDatetime(value: string): number | undefined {
	const m = DATETIME.exec(value);
	if (!m) return undefined;
	const zone = m[7];
	const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
	if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
		return undefined;
	const local = Date.UTC(year, month - 1, day, hour, minute, second);
	if (new Date(local).getUTCDate() !== day) return undefined;
	let offsetMinutes = 0;
	if (zone !== 'Z') {
		const digits = zone.slice(1).replace(':', '');
		const oh = Number(digits.slice(0, 2));
		const om = Number(digits.slice(2, 4));
		if (oh > 23 || om > 59) return undefined;
		offsetMinutes = (oh * 60 + om) * (zone[0] === '-' ? -1 : 1);
	}
	return local - offsetMinutes * 60_000;
}

export function formatDatetime(
	ms: number,
	precision: DatetimePrecision = 'second',
	withZone = true,
): string {
	const iso = new Date(ms).toISOString();
	const body = precision === 'minute' ? iso.slice(0, 16) : iso.slice(0, 19);
	return withZone ? `${body}Z` : body;
}

export function parseIso(value: string): number {
	const t = Date.parse(value);
	if (Number.isNaN(t)) throw new Error(`not a valid ISO date: ${value}`);
	return t;
}

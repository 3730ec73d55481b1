/**
 * Wall-clock times in an IANA timezone, converted with Intl alone: shipped node code may import
 * nothing but n8n-workflow, so luxon (which n8n itself uses for this) is not available here.
 */

export interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	millisecond?: number;
}

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError for a zone name Intl does not know. */
function formatterFor(zone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(zone);
	if (!formatter) {
		// h23: some ICU versions print midnight as 24 with hour12 off.
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			era: 'short',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		formatters.set(zone, formatter);
	}
	return formatter;
}

export function isKnownTimezone(zone: unknown): zone is string {
	if (typeof zone !== 'string' || zone.trim() === '') return false;
	try {
		formatterFor(zone);
		return true;
	} catch {
		return false;
	}
}

/** The wall clock read as if it were UTC; Date.UTC would move years 0 to 99 into the 1900s. */
function wallAsUtcMs(wall: WallClock): number {
	const date = new Date(0);
	date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
	date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond ?? 0);
	return date.getTime();
}

/** Milliseconds the zone's clocks are ahead of UTC at the instant (negative west of Greenwich). */
export function zoneOffsetMs(zone: string, epochMs: number): number {
	const wholeSecond = Math.floor(epochMs / 1000) * 1000;
	const parts: Record<string, string> = {};
	for (const part of formatterFor(zone).formatToParts(new Date(wholeSecond))) {
		parts[part.type] = part.value;
	}
	const year = Number(parts.year);
	const wall = wallAsUtcMs({
		year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
		month: Number(parts.month),
		day: Number(parts.day),
		hour: Number(parts.hour),
		minute: Number(parts.minute),
		second: Number(parts.second),
	});
	return wall - wholeSecond;
}

/**
 * The instant that a wall-clock time in the zone names. Around a clock change the answer is not
 * unique, so the rule is the one of java.time, RFC 5545 and Temporal's default ("compatible"):
 * - a time that occurs twice (clocks set back, e.g. 01:30 on 2026-11-01 in New York) is the
 *   earlier instant, under the offset in force before the change (EDT);
 * - a time that does not occur (clocks set forward, e.g. 02:30 on 2026-03-08 in New York) is
 *   moved forward by the length of the jump (03:30 EDT), i.e. read with the offset in force before.
 * Luxon resolves the repeated hour by the offset at the current date instead, so its answer
 * depends on the season the node runs in; a schedule should not.
 */
export function wallClockToEpochMs(wall: WallClock, zone: string): number {
	const local = wallAsUtcMs(wall);
	// Offsets span less than a day, so a day on either side lies before and after any change
	// that could touch this wall time.
	const offsets = new Set([zoneOffsetMs(zone, local - DAY_MS), zoneOffsetMs(zone, local + DAY_MS)]);
	for (const offset of [...offsets]) offsets.add(zoneOffsetMs(zone, local - offset));
	const matching = [...offsets]
		.map((offset) => local - offset)
		.filter((instant) => local - instant === zoneOffsetMs(zone, instant));
	if (matching.length > 0) return Math.min(...matching);
	// In a gap the clocks jumped ahead, so the offset before the jump is the smaller one.
	return local - Math.min(...offsets);
}

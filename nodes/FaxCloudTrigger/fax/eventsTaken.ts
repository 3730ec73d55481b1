// Events taken by one read of the window: a record that comes twice is taken once.

/**
 * The events one read of the window has taken, by key and time: a record modified while the pages
 * are read moves to a later page and comes twice. Most keys come once, so each costs a map entry
 * and no text built for it; a key that comes again at another time is a second event (its times
 * differ), known by its time and key.
 */
export class EventsTaken {
	/** Where in `firstTimes` each key's first time is: a small integer, so no number is boxed. */
	private readonly firstIndex = new Map<string, number>();
	/** The time each key was first taken at; Infinity for a record without a readable time. */
	private readonly firstTimes: number[] = [];
	private readonly later = new Set<string>();

	/** Takes the event (`time` undefined: the record's own time could not be read) unless taken. */
	take(key: string, time: number | undefined): boolean {
		const at = time ?? Infinity;
		const index = this.firstIndex.get(key);
		if (index === undefined) {
			this.firstIndex.set(key, this.firstTimes.length);
			this.firstTimes.push(at);
			return true;
		}
		if (Object.is(this.firstTimes[index], at)) return false;
		const id = `${at} ${key}`;
		if (this.later.has(id)) return false;
		this.later.add(id);
		return true;
	}
}

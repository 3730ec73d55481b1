// The last status of each outbound fax not final yet, so one status change is one event.
/** Statuses after which a fax does not change: their event is known by its own CompleteTime. */
const FINAL_STATUSES = new Set(['sent', 'sendFailed']);

/**
 * How long after the window start a fax's last status is kept. CompleteTime is a fax's last
 * update while it is not final, so a fax sending many pages comes back with a new time at every
 * page; its last status has to outlive the window, since a page may take longer than the
 * lateness allowance. A status forgotten earlier costs at most one repeated event.
 */
const MEMORY_BEYOND_WINDOW_MS = 60 * 60_000;

/** At most this many faxes' statuses are kept, the most recently updated. */
export const MAX_REMEMBERED_STATUSES = 10_000;

/** FaxId → [the last status seen, its CompleteTime (ISO)], of outbound faxes not final yet. */
export type StatusEntries = Record<string, [string, string]>;

export function isStatusEntries(value: unknown): value is StatusEntries | undefined {
	if (value === undefined) return true;
	if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
	return Object.values(value).every(
		(entry) =>
			Array.isArray(entry) &&
			entry.length === 2 &&
			typeof entry[0] === 'string' &&
			typeof entry[1] === 'string' &&
			!isNaN(Date.parse(entry[1])),
	);
}

/** What the memory reads of an outbound fax event (faxEventSearch.ts's FaxEvent). */
interface StatusEvent {
	faxId: string;
	status: string;
	time: number;
}

/** `out:<FaxId>:<status>`, the key of an outbound event (faxEventSearch.ts). */
const OUTBOUND_KEY = /^out:([^:]+):(.+)$/;

/**
 * The last status seen of each outbound fax that is not final, so that an update without a status
 * change (a page going out moves CompleteTime) is not an event: one event per change of FaxStatus.
 * A poll sees only a fax's latest status, so two changes between polls are one event, the latest
 * (sending → scheduled → sending between two polls shows no change at all).
 */
export class StatusMemory {
	private readonly last = new Map<string, { status: string; time: number }>();

	/**
	 * `seen`, the window's event keys, stands in for the statuses of a state stored before this
	 * memory existed (versions 1 and 2), so an upgrade does not repeat the statuses it emitted.
	 */
	constructor(entries: StatusEntries | undefined, seen: Record<string, string[]>) {
		for (const [time, keys] of Object.entries(seen)) {
			for (const key of keys) {
				const match = OUTBOUND_KEY.exec(key);
				if (match) this.note(match[1], match[2], Date.parse(time));
			}
		}
		for (const [faxId, [status, time]] of Object.entries(entries ?? {})) {
			this.note(faxId, status, Date.parse(time));
		}
	}

	/** Whether the record's status differs from the last one seen of its fax. */
	isChange(event: StatusEvent): boolean {
		if (FINAL_STATUSES.has(event.status)) return true;
		return this.last.get(event.faxId)?.status !== event.status;
	}

	/** Takes the record's status as the fax's last one. */
	observe(event: StatusEvent): void {
		this.note(event.faxId, event.status, event.time);
	}

	private note(faxId: string, status: string, time: number): void {
		const known = this.last.get(faxId);
		if (known && known.time > time) return;
		if (FINAL_STATUSES.has(status)) this.last.delete(faxId);
		else this.last.set(faxId, { status, time });
	}

	/** The statuses to store: updated at most an hour before the window, the newest 10,000. */
	toState(windowStart: number | undefined): StatusEntries | undefined {
		const oldest = windowStart === undefined ? -Infinity : windowStart - MEMORY_BEYOND_WINDOW_MS;
		const kept = [...this.last.entries()]
			.filter(([, { time }]) => time >= oldest)
			.sort((a, b) => b[1].time - a[1].time)
			.slice(0, MAX_REMEMBERED_STATUSES);
		if (kept.length === 0) return undefined;
		return Object.fromEntries(
			kept.map(([faxId, { status, time }]) => [faxId, [status, new Date(time).toISOString()]]),
		);
	}
}

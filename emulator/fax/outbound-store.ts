import type { Clock } from '../clock';
import { FaxIndex } from './fax-index';
import type { OutboundFax, SendFaxStatus } from './records';
import { batchNameTag, uniqueIdTag } from './search';

export interface StatusChange {
	faxId: number;
	status: SendFaxStatus;
	at: number;
}

/**
 * Outbound faxes by id, by CompleteTime and by last modified, with the full history of status
 * changes (each at the time it happened, listed when it became visible).
 */
export class OutboundStore {
	/** Filed under its batch fields too, which never change: a search by key reads its faxes only. */
	readonly index = new FaxIndex<OutboundFax>(
		(f) => f.updatedAt,
		(f) => f.modifiedAt,
		(f) => [
			...(f.batchUniqueId ? [uniqueIdTag(f.batchUniqueId)] : []),
			...(f.batchName ? [batchNameTag(f.batchName)] : []),
		],
	);
	readonly history: StatusChange[] = [];
	private nextId = 1;
	private deleted = new Map<number, OutboundFax>();
	private listeners: Array<(fax: OutboundFax) => void> = [];

	constructor(private readonly clock: Clock) {}

	allocateId(): number {
		return this.nextId++;
	}

	add(fax: OutboundFax): void {
		this.index.insert(fax);
		this.history.push({ faxId: fax.id, status: fax.status, at: fax.updatedAt });
	}

	addMany(faxes: OutboundFax[]): void {
		this.index.insertMany(faxes);
		for (const f of faxes) this.history.push({ faxId: f.id, status: f.status, at: f.updatedAt });
	}

	get(id: number): OutboundFax | undefined {
		return this.index.get(id);
	}

	/**
	 * Every status change, and every other update that moves CompleteTime, goes through here.
	 * `happenedAt` (default now) is the CompleteTime; a change made visible late keeps the time
	 * it happened, while it sorts as modified now.
	 */
	update(fax: OutboundFax, change: Partial<OutboundFax>, happenedAt = this.clock.now()): void {
		const statusChanged = change.status !== undefined && change.status !== fax.status;
		Object.assign(fax, change);
		fax.updatedAt = happenedAt;
		fax.modifiedAt = this.clock.now();
		if (!fax.deleted) this.index.touch(fax);
		if (statusChanged) this.history.push({ faxId: fax.id, status: fax.status, at: fax.updatedAt });
		for (const l of this.listeners) l(fax);
	}

	/** PUT Mark: modifies the fax (dateTime order) but not its CompleteTime. */
	mark(fax: OutboundFax, mark: boolean): void {
		fax.mark = mark;
		fax.modifiedAt = this.clock.now();
		if (!fax.deleted) this.index.touch(fax);
	}

	remove(fax: OutboundFax): void {
		fax.deleted = true;
		this.index.remove(fax.id);
		this.deleted.set(fax.id, fax);
		for (const l of this.listeners) l(fax);
	}

	deletedFax(id: number): OutboundFax | undefined {
		return this.deleted.get(id);
	}

	onChange(listener: (fax: OutboundFax) => void): void {
		this.listeners.push(listener);
	}

	reset(): void {
		this.index.clear();
		this.history.length = 0;
		this.deleted.clear();
		this.nextId = 1;
	}
}

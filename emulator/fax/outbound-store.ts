import type { Clock } from '../clock';
import { FaxIndex } from './fax-index';
import type { OutboundFax, SendFaxStatus } from './records';

export interface StatusChange {
	faxId: number;
	status: SendFaxStatus;
	at: number;
}

/** Outbound faxes by id and by last update, with the full history of status changes. */
export class OutboundStore {
	readonly index = new FaxIndex<OutboundFax>((f) => f.updatedAt);
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

	/** Every status change, and every other update that moves CompleteTime, goes through here. */
	update(fax: OutboundFax, change: Partial<OutboundFax>): void {
		const statusChanged = change.status !== undefined && change.status !== fax.status;
		Object.assign(fax, change);
		fax.updatedAt = this.clock.now();
		if (!fax.deleted) this.index.touch(fax);
		if (statusChanged) this.history.push({ faxId: fax.id, status: fax.status, at: fax.updatedAt });
		for (const l of this.listeners) l(fax);
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

import { FaxIndex } from './fax-index';
import type { InboundFax } from './records';

/**
 * Inbound faxes by id, by ReceivedTime and by last modified; `all` keeps deleted ones for
 * ground-truth checks, in the order they became visible.
 */
export class InboundStore {
	readonly index = new FaxIndex<InboundFax>(
		(f) => f.receivedAt,
		(f) => f.modifiedAt,
	);
	readonly all: InboundFax[] = [];
	private nextId = 1;

	allocateId(): number {
		return this.nextId++;
	}

	add(fax: InboundFax): void {
		this.index.insert(fax);
		this.all.push(fax);
	}

	addMany(faxes: InboundFax[]): void {
		this.index.insertMany(faxes);
		this.all.push(...faxes);
	}

	get(id: number): InboundFax | undefined {
		return this.index.get(id);
	}

	/** A change through the interface (Mark, project codes): the fax sorts as modified now. */
	modified(fax: InboundFax, now: number): void {
		fax.modifiedAt = now;
		if (!fax.deleted) this.index.touch(fax);
	}

	remove(fax: InboundFax): void {
		fax.deleted = true;
		this.index.remove(fax.id);
	}

	reset(): void {
		this.index.clear();
		this.all.length = 0;
		this.nextId = 1;
	}
}

import { FaxIndex } from './fax-index';
import type { InboundFax } from './records';

/** Inbound faxes by id and by ReceivedTime; `all` keeps deleted ones for ground-truth checks. */
export class InboundStore {
	readonly index = new FaxIndex<InboundFax>((f) => f.receivedAt);
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

import type { Clock } from '../clock';
import type { SeedUser } from '../seed-data';
import { FaxIndex } from './fax-index';
import type { Lifecycle } from './lifecycle';
import { blankOutbound, type FaxDocument, type OutboundFax, type SendFaxStatus } from './records';
import { batchNameTag, uniqueIdTag } from './search';
import { rcptInfo, type Destination } from './send-params';

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
	readonly history: Array<{ faxId: number; status: SendFaxStatus; at: number }> = [];
	private nextId = 1;
	private deleted = new Map<number, OutboundFax>();

	constructor(private readonly clock: Clock) {}

	allocateId(): number {
		return this.nextId++;
	}

	add(faxes: OutboundFax[]): void {
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
		this.touch(fax);
		if (statusChanged) this.history.push({ faxId: fax.id, status: fax.status, at: fax.updatedAt });
	}

	/** PUT Mark: modifies the fax (dateTime order) but not its CompleteTime. */
	mark(fax: OutboundFax, mark: boolean): void {
		fax.mark = mark;
		this.touch(fax);
	}

	/** The fax sorts as modified now. */
	private touch(fax: OutboundFax): void {
		fax.modifiedAt = this.clock.now();
		if (!fax.deleted) this.index.touch(fax);
	}

	remove(fax: OutboundFax): void {
		fax.deleted = true;
		this.index.remove(fax.id);
		this.deleted.set(fax.id, fax);
	}

	deletedFax(id: number): OutboundFax | undefined {
		return this.deleted.get(id);
	}

	reset(): void {
		this.index.clear();
		this.history.length = 0;
		this.deleted.clear();
		this.nextId = 1;
	}
}

/** Creates outbound faxes and starts their lifecycle; shared by send, resend and mail merge. */
export class OutboundService {
	constructor(
		private readonly clock: Clock,
		readonly store: OutboundStore,
		private readonly lifecycle: Lifecycle,
	) {}

	private start(fax: OutboundFax): OutboundFax {
		this.store.add([fax]);
		this.lifecycle.start(fax);
		return fax;
	}

	createGroup(
		owner: SeedUser,
		login: SeedUser,
		destinations: Destination[],
		documents: FaxDocument[],
		options: Partial<OutboundFax>,
		extraPages = 0,
	): OutboundFax[] {
		const now = this.clock.now();
		const pages = documents.reduce((n, d) => n + d.pages, options.coverPageEnabled ? 1 : 0);
		let groupId = 0;
		return destinations.map((dest) => {
			const id = this.store.allocateId();
			groupId ||= id;
			return this.start({
				...blankOutbound(id, owner.userId, login.userId, now),
				...options,
				groupId,
				faxNumber: dest.number,
				recipient: dest.recipient,
				rcptInfo: rcptInfo(dest.recipient),
				documents,
				pagesTotal: pages + extraPages,
			});
		});
	}

	/** A failed fax sent again as a new fax (new id, new group), the original deleted. */
	resend(original: OutboundFax, number: string, login: SeedUser): OutboundFax {
		const now = this.clock.now();
		const id = this.store.allocateId();
		const fax: OutboundFax = {
			...original,
			id,
			groupId: id,
			proxyUserId: login.userId,
			faxNumber: number,
			status: 'awaitingConversion',
			createdAt: now,
			updatedAt: now,
			modifiedAt: now,
			completionLagMs: undefined,
			csi: '',
			duration: 0,
			errorCode: 0,
			errorText: '',
			pagesSent: 0,
			retryCountLeft: original.retryCount,
			imgHost: '',
			imgDevice: '',
			mark: false,
			attempts: 0,
			forcedOutcome: undefined,
			deleted: false,
		};
		if (number !== original.faxNumber && original.recipient) {
			fax.recipient = { ...original.recipient, FaxNumber: number };
			fax.rcptInfo = rcptInfo(fax.recipient);
		}
		this.delete(original);
		return this.start(fax);
	}

	delete(fax: OutboundFax): void {
		this.lifecycle.stop(fax);
		this.store.remove(fax);
	}
}

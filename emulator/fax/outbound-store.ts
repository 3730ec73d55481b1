import type { Clock } from '../clock';
import type { SeedUser } from '../seed-data';
import { FaxIndex, FaxStore } from './fax-index';
import type { Lifecycle } from './lifecycle';
import { blankOutbound, type FaxDocument, type OutboundFax, type SendFaxStatus } from './records';
import { batchNameTag, uniqueIdTag } from './search';
import { rcptInfo, type Destination } from './send-params';

/** Outbound faxes, with every status change (at the time it happened) and the deleted ones kept. */
export class OutboundStore extends FaxStore<OutboundFax> {
	readonly history: Array<{ faxId: number; status: SendFaxStatus; at: number }> = [];
	private deleted = new Map<number, OutboundFax>();

	/** Filed under its batch fields too, which never change: a search by key reads its faxes only. */
	constructor(private readonly clock: Clock) {
		super(
			new FaxIndex<OutboundFax>(
				(f) => f.updatedAt,
				(f) => f.modifiedAt,
				(f) => [
					...(f.batchUniqueId ? [uniqueIdTag(f.batchUniqueId)] : []),
					...(f.batchName ? [batchNameTag(f.batchName)] : []),
				],
			),
		);
	}

	add(faxes: OutboundFax[]): void {
		super.add(faxes);
		for (const f of faxes) this.history.push({ faxId: f.id, status: f.status, at: f.updatedAt });
	}

	/**
	 * Every change that moves CompleteTime: `happenedAt` (default now); a change made visible late
	 * keeps the time it happened, while it sorts as modified now.
	 */
	update(fax: OutboundFax, change: Partial<OutboundFax>, happenedAt = this.clock.now()): void {
		const statusChanged = change.status !== undefined && change.status !== fax.status;
		Object.assign(fax, change);
		fax.updatedAt = happenedAt;
		this.modified(fax, this.clock.now());
		if (statusChanged) this.history.push({ faxId: fax.id, status: fax.status, at: fax.updatedAt });
	}

	remove(fax: OutboundFax): void {
		super.remove(fax);
		this.deleted.set(fax.id, fax);
	}

	deletedFax(id: number): OutboundFax | undefined {
		return this.deleted.get(id);
	}

	reset(): void {
		super.reset();
		this.history.length = 0;
		this.deleted.clear();
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

	/** A failed fax sent again as a new fax (new id, new group, its state afresh), the original deleted. */
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

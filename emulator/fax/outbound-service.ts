import type { Clock } from '../clock';
import type { SeedUser } from '../seed-data';
import type { Lifecycle } from './lifecycle';
import type { OutboundStore } from './outbound-store';
import type { FaxDocument, OutboundFax } from './records';
import { rcptInfo, type Destination } from './send-params';

export function blankOutbound(id: number, owner: string, login: string, now: number): OutboundFax {
	return {
		id,
		groupId: id,
		userId: owner,
		proxyUserId: login,
		faxNumber: '',
		status: 'awaitingConversion',
		createdAt: now,
		updatedAt: now,
		modifiedAt: now,
		tsi: '',
		csi: '',
		duration: 0,
		errorCode: 0,
		errorText: '',
		pagesTotal: 0,
		pagesSent: 0,
		faxQuality: 'low',
		retryCount: 3,
		retryCountLeft: 3,
		retryInterval: 10,
		coverPageEnabled: false,
		coverPageName: '',
		coverMessage: '',
		coverFields: {},
		rcptInfo: '',
		priority: '',
		description: '',
		deleteAfterSend: false,
		notifyEmailAddress: '',
		notifySuccess: false,
		notifyFailed: false,
		notifyFailedAttachFax: false,
		faxHeaderEnabled: false,
		faxHeader: '',
		pageOrientation: '',
		text2tiffFontName: '',
		projectCodes: ['', '', '', '', ''],
		imgHost: '',
		imgDevice: '',
		mark: false,
		batchName: '',
		batchUniqueId: '',
		documents: [],
		attempts: 0,
		deleted: false,
	};
}

export function pagesOf(documents: FaxDocument[], coverPage: boolean): number {
	return documents.reduce((n, d) => n + d.pages, 0) + (coverPage ? 1 : 0);
}

/** Creates outbound faxes and starts their lifecycle; shared by send, resend and mail merge. */
export class OutboundService {
	constructor(
		private readonly clock: Clock,
		readonly store: OutboundStore,
		private readonly lifecycle: Lifecycle,
	) {}

	createGroup(
		owner: SeedUser,
		login: SeedUser,
		destinations: Destination[],
		documents: FaxDocument[],
		options: Partial<OutboundFax>,
		extraPages = 0,
	): OutboundFax[] {
		const now = this.clock.now();
		const faxes: OutboundFax[] = [];
		let groupId = 0;
		for (const dest of destinations) {
			const id = this.store.allocateId();
			if (groupId === 0) groupId = id;
			const fax: OutboundFax = {
				...blankOutbound(id, owner.userId, login.userId, now),
				...options,
				groupId,
				faxNumber: dest.number,
				recipient: dest.recipient,
				rcptInfo: rcptInfo(dest.recipient),
				documents,
				pagesTotal: pagesOf(documents, options.coverPageEnabled ?? false) + extraPages,
			};
			this.store.add(fax);
			this.lifecycle.start(fax);
			faxes.push(fax);
		}
		return faxes;
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
		this.store.add(fax);
		this.lifecycle.start(fax);
		return fax;
	}

	delete(fax: OutboundFax): void {
		this.lifecycle.stop(fax);
		this.store.remove(fax);
	}
}

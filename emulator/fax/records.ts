import { formatDatetime, type DatetimePrecision } from '../datetime';
import type { ImageFault } from './images';
import type { makeInbound } from './inbound-store';

export const SEND_FAX_STATUSES = [
	'sent',
	'sendFailed',
	'awaitingConversion',
	'awaitingCoverpage',
	'scheduled',
	'sending',
] as const;
export type SendFaxStatus = (typeof SEND_FAX_STATUSES)[number];
export const RECEIVE_FAX_STATUSES = ['recvOk', 'recvIncomplete'] as const;

export interface Recipient {
	FaxNumber: string;
	RcptName?: string;
	RcptCompany?: string;
	RcptTitle?: string;
	RcptFax?: string;
	RcptVoice?: string;
}

/** A source document of an outbound fax, kept for the image and for page counting. */
export interface FaxDocument {
	filename: string;
	contentType: string;
	data: Buffer;
	kind: 'pdf' | 'tiff' | 'image' | 'text' | 'office' | 'invalid';
	pages: number;
}

/** A new outbound fax with every field at its default: the shape of an outbound record. */
export function blankOutbound(id: number, owner: string, login: string, now: number) {
	return {
		id,
		groupId: id,
		userId: owner,
		proxyUserId: login,
		faxNumber: '',
		status: 'awaitingConversion' as SendFaxStatus,
		createdAt: now,
		/** Last update while not final, completion time once final: CompleteTime, what DatetimeAfter filters. */
		updatedAt: now,
		/** Last modified (status changes, Mark): what SortColumn=dateTime orders by. */
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
		coverFields: {} as Record<string, string>,
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
		projectCodes: ['', '', '', '', ''] as [string, string, string, string, string],
		imgHost: '',
		imgDevice: '',
		mark: false,
		batchName: '',
		batchUniqueId: '',
		documents: [] as FaxDocument[],
		attempts: 0,
		deleted: false,
	};
}

export type OutboundFax = ReturnType<typeof blankOutbound> & {
	/** Set by the control API: the completion (sent, sendFailed) becomes visible this much later. */
	completionLagMs?: number;
	/** Set by the control API: how the image request fails (images.ts). */
	imageFault?: ImageFault;
	sendAfter?: number;
	recipient?: Recipient;
	/** Scripted or forced outcome key, looked up in outcomes.ts at each stage. */
	forcedOutcome?: string;
	merge?: { jobId: number; line: number; template: Buffer; values: Record<string, string> };
};

/** What makeInbound builds, with what the control API may add. */
export type InboundFax = ReturnType<typeof makeInbound> & {
	barcode?: string;
	/** The image is padded to this many bytes (large-download benchmark). */
	imageBytes?: number;
	/** How the image request fails (images.ts). */
	imageFault?: ImageFault;
};

/** The field a wire name names when it is not special: TSI → tsi, PagesSent → pagesSent. */
export const fieldOf = (name: string): string =>
	/^[A-Z]+$/.test(name) ? name.toLowerCase() : name[0].toLowerCase() + name.slice(1);

/** The wire form, in the order of `names`: every number and boolean a string, as the service sends them. */
function wireRecord(
	record: object,
	names: string[],
	special: Record<string, unknown>,
): Record<string, string> {
	const out: Record<string, string> = {};
	for (const name of names) {
		out[name] = String(name in special ? special[name] : record[fieldOf(name) as keyof object]);
	}
	return out;
}

const OUTBOUND_WIRE =
	`FaxId GroupId FaxUserId FaxNumber FaxStatus CompleteTime CreateTime SendAfter TSI CSI
	Duration ErrorCode ErrorText PagesTotal PagesSent FaxQuality RetryCount RetryCountLeft RetryInterval
	CoverPageName RcptInfo Priority FaxDescription DeleteAfterSend NotifyEmailAddress NotifySuccess
	NotifyFailed NotifyFailedAttachFax FaxHeaderEnabled PrintAfterSend ProjectCode ProjectCode2
	ProjectCode3 ProjectCode4 ProjectCode5 ImgHost ImgDevice ImgCountry Reserved2 ProxyFaxUserId Mark
	BatchName BatchUniqueId ReservedDM1 ReservedDM2 FaxHeader`.split(/\s+/);

const INBOUND_WIRE =
	`FaxId FaxUserId FaxStatus TSI CSI ReceivedTime CreateTime PagesReceived DestFaxNumber
	CallerNumber Duration ErrorCode ErrorText NotifyEmail NotifyAttachFax PrintFax Viewed ImgHost
	ImgDevice Caption Note ImgCountry Mark ProjectCode ProjectCode2`.split(/\s+/);

export function formatOutbound(
	f: OutboundFax,
	precision: DatetimePrecision,
): Record<string, string> {
	const dt = (ms: number | undefined) => (ms === undefined ? '' : formatDatetime(ms, precision));
	return wireRecord(f, OUTBOUND_WIRE, {
		FaxId: f.id,
		FaxUserId: f.userId,
		FaxStatus: f.status,
		CompleteTime: dt(f.updatedAt),
		CreateTime: dt(f.createdAt),
		SendAfter: dt(f.sendAfter),
		FaxDescription: f.description,
		PrintAfterSend: false,
		...Object.fromEntries(f.projectCodes.map((code, i) => [`ProjectCode${i ? i + 1 : ''}`, code])),
		ImgCountry: '',
		Reserved2: '',
		ProxyFaxUserId: f.proxyUserId,
		ReservedDM1: false,
		ReservedDM2: '',
	});
}

export function formatInbound(f: InboundFax, precision: DatetimePrecision): Record<string, string> {
	const out = wireRecord(f, INBOUND_WIRE, {
		FaxId: f.id,
		FaxUserId: f.userId,
		FaxStatus: f.status,
		ReceivedTime: formatDatetime(f.receivedAt, precision),
		CreateTime: formatDatetime(f.createdAt, precision),
		ImgCountry: '',
	});
	if (f.barcode !== undefined) out.Barcode = f.barcode;
	return out;
}

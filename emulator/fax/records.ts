import type { ImageFault } from './image-reply';
import { formatDatetime, type DatetimePrecision } from '../datetime';

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
export type ReceiveFaxStatus = (typeof RECEIVE_FAX_STATUSES)[number];

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

export interface MergeSource {
	jobId: number;
	line: number;
	template: Buffer;
	values: Record<string, string>;
}

export interface OutboundFax {
	id: number;
	groupId: number;
	userId: string;
	proxyUserId: string;
	faxNumber: string;
	status: SendFaxStatus;
	createdAt: number;
	/** Last update while not final, completion time once final: CompleteTime, what DatetimeAfter filters. */
	updatedAt: number;
	/** Last modified (status changes, Mark): what SortColumn=dateTime orders by. */
	modifiedAt: number;
	/** Set by the control API: the completion (sent, sendFailed) becomes visible this much later. */
	completionLagMs?: number;
	/** Set by the control API: how the image request fails (image-reply.ts). */
	imageFault?: ImageFault;
	sendAfter?: number;
	tsi: string;
	csi: string;
	duration: number;
	errorCode: number;
	errorText: string;
	pagesTotal: number;
	pagesSent: number;
	faxQuality: string;
	retryCount: number;
	retryCountLeft: number;
	retryInterval: number;
	coverPageEnabled: boolean;
	coverPageName: string;
	coverMessage: string;
	coverFields: Record<string, string>;
	recipient?: Recipient;
	rcptInfo: string;
	priority: string;
	description: string;
	deleteAfterSend: boolean;
	notifyEmailAddress: string;
	notifySuccess: boolean;
	notifyFailed: boolean;
	notifyFailedAttachFax: boolean;
	faxHeaderEnabled: boolean;
	faxHeader: string;
	pageOrientation: string;
	text2tiffFontName: string;
	projectCodes: [string, string, string, string, string];
	imgHost: string;
	imgDevice: string;
	mark: boolean;
	batchName: string;
	batchUniqueId: string;
	documents: FaxDocument[];
	/** Scripted or forced outcome key, looked up in outcomes.ts at each stage. */
	forcedOutcome?: string;
	attempts: number;
	merge?: MergeSource;
	deleted: boolean;
}

export interface InboundFax {
	id: number;
	userId: string;
	status: ReceiveFaxStatus;
	tsi: string;
	csi: string;
	receivedAt: number;
	createdAt: number;
	/** When it became visible on the service; later than receivedAt for a late fax. */
	visibleAt: number;
	/** Last modified (visible, Mark, project codes): what SortColumn=dateTime orders by. */
	modifiedAt: number;
	pagesReceived: number;
	destFaxNumber: string;
	callerNumber: string;
	duration: number;
	errorCode: number;
	errorText: string;
	notifyEmail: boolean;
	notifyAttachFax: boolean;
	printFax: boolean;
	viewed: boolean;
	imgHost: string;
	imgDevice: string;
	caption: string;
	note: string;
	mark: boolean;
	projectCode: string;
	projectCode2: string;
	barcode?: string;
	/** Set by the control API: the image is padded to this many bytes (large-download benchmark). */
	imageBytes?: number;
	/** Set by the control API: how the image request fails (image-reply.ts). */
	imageFault?: ImageFault;
	deleted: boolean;
}

const b = (v: boolean): string => (v ? 'true' : 'false');

/** The wire form: every number and boolean as a string, as the real service sends them. */
export function formatOutbound(
	f: OutboundFax,
	precision: DatetimePrecision,
): Record<string, string> {
	const dt = (ms: number | undefined): string =>
		ms === undefined ? '' : formatDatetime(ms, precision);
	return {
		FaxId: String(f.id),
		GroupId: String(f.groupId),
		FaxUserId: f.userId,
		FaxNumber: f.faxNumber,
		FaxStatus: f.status,
		CompleteTime: dt(f.updatedAt),
		CreateTime: dt(f.createdAt),
		SendAfter: dt(f.sendAfter),
		TSI: f.tsi,
		CSI: f.csi,
		Duration: String(f.duration),
		ErrorCode: String(f.errorCode),
		ErrorText: f.errorText,
		PagesTotal: String(f.pagesTotal),
		PagesSent: String(f.pagesSent),
		FaxQuality: f.faxQuality,
		RetryCount: String(f.retryCount),
		RetryCountLeft: String(f.retryCountLeft),
		RetryInterval: String(f.retryInterval),
		CoverPageName: f.coverPageName,
		RcptInfo: f.rcptInfo,
		Priority: f.priority,
		FaxDescription: f.description,
		DeleteAfterSend: b(f.deleteAfterSend),
		NotifyEmailAddress: f.notifyEmailAddress,
		NotifySuccess: b(f.notifySuccess),
		NotifyFailed: b(f.notifyFailed),
		NotifyFailedAttachFax: b(f.notifyFailedAttachFax),
		FaxHeaderEnabled: b(f.faxHeaderEnabled),
		PrintAfterSend: 'false',
		ProjectCode: f.projectCodes[0],
		ProjectCode2: f.projectCodes[1],
		ProjectCode3: f.projectCodes[2],
		ProjectCode4: f.projectCodes[3],
		ProjectCode5: f.projectCodes[4],
		ImgHost: f.imgHost,
		ImgDevice: f.imgDevice,
		ImgCountry: '',
		Reserved2: '',
		ProxyFaxUserId: f.proxyUserId,
		Mark: b(f.mark),
		BatchName: f.batchName,
		BatchUniqueId: f.batchUniqueId,
		ReservedDM1: 'false',
		ReservedDM2: '',
		FaxHeader: f.faxHeader,
	};
}

export function formatInbound(f: InboundFax, precision: DatetimePrecision): Record<string, string> {
	const out: Record<string, string> = {
		FaxId: String(f.id),
		FaxUserId: f.userId,
		FaxStatus: f.status,
		TSI: f.tsi,
		CSI: f.csi,
		ReceivedTime: formatDatetime(f.receivedAt, precision),
		CreateTime: formatDatetime(f.createdAt, precision),
		PagesReceived: String(f.pagesReceived),
		DestFaxNumber: f.destFaxNumber,
		CallerNumber: f.callerNumber,
		Duration: String(f.duration),
		ErrorCode: String(f.errorCode),
		ErrorText: f.errorText,
		NotifyEmail: b(f.notifyEmail),
		NotifyAttachFax: b(f.notifyAttachFax),
		PrintFax: b(f.printFax),
		Viewed: b(f.viewed),
		ImgHost: f.imgHost,
		ImgDevice: f.imgDevice,
		Caption: f.caption,
		Note: f.note,
		ImgCountry: '',
		Mark: b(f.mark),
		ProjectCode: f.projectCode,
		ProjectCode2: f.projectCode2,
	};
	if (f.barcode !== undefined) out.Barcode = f.barcode;
	return out;
}

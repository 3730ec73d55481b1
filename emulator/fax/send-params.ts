import type { Accounts } from '../accounts';
import { orgOf } from '../accounts';
import type { Params } from '../http/params';
import type { SeedUser } from '../seed-data';
import { readDocument } from './documents';
import { digitsOf } from './outcomes';
import { ParamReader } from './param-rules';
import type { FaxDocument, OutboundFax, Recipient } from './records';
import { ApiError } from './status-codes';

/** The service's own bounds for retries (the description says they exist, not what they are). */
export const RETRY_LIMITS = {
	count: { min: 1, max: 10, default: 3 },
	interval: { min: 1, max: 120, default: 10 },
} as const;

export interface Destination {
	number: string;
	recipient?: Recipient;
}

export interface SendRequest {
	owner: SeedUser;
	destinations: Destination[];
	documents: FaxDocument[];
	/** Fields shared by every fax of the request. */
	options: Partial<OutboundFax>;
}

/** What a FaxRecipient may give besides its FaxNumber (checked first): each a string. */
const RCPT_DETAILS = ['RcptName', 'RcptCompany', 'RcptTitle', 'RcptFax', 'RcptVoice'] as const;

function destinationKey(number: string): string {
	const trimmed = number.trim();
	const digits = digitsOf(trimmed);
	return digits === '' ? trimmed : `${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

function parseRecipient(raw: string): Recipient {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		throw new ApiError('invalidRecipient', `FaxRecipient is not valid JSON: ${raw.slice(0, 80)}`);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw new ApiError('invalidRecipient', 'FaxRecipient must be a JSON object');
	}
	const obj = value as Record<string, unknown>;
	if (typeof obj.FaxNumber !== 'string' || obj.FaxNumber.trim() === '') {
		throw new ApiError('invalidRecipient', 'FaxRecipient needs a FaxNumber string');
	}
	for (const key of RCPT_DETAILS) {
		if (obj[key] !== undefined && typeof obj[key] !== 'string') {
			throw new ApiError('invalidRecipient', `FaxRecipient.${key} must be a string`);
		}
	}
	return obj as unknown as Recipient;
}

/** Destinations in order of appearance; a number already seen (ignoring separators) is dropped. */
export function readDestinations(params: Params): Destination[] {
	const seen = new Set<string>();
	const out: Destination[] = [];
	for (const [name, value] of params.entries) {
		let dest: Destination;
		if (name === 'FaxNumber') {
			if (value.trim() === '') throw new ApiError('invalidParameter', 'FaxNumber is empty');
			dest = { number: value.trim() };
		} else if (name === 'FaxRecipient') {
			const recipient = parseRecipient(value);
			dest = { number: recipient.FaxNumber.trim(), recipient };
		} else {
			continue;
		}
		const key = destinationKey(dest.number);
		if (seen.has(key)) continue;
		seen.add(key);
		out.push(dest);
	}
	return out;
}

export function rcptInfo(recipient: Recipient | undefined): string {
	if (!recipient) return '';
	return Object.values(recipient)
		.filter((v) => typeof v === 'string')
		.join(':');
}

function clamp(value: number, min: number, max: number): number {
	return Math.min(max, Math.max(min, value));
}

export function resolveOwner(reader: ParamReader, login: SeedUser, accounts: Accounts): SeedUser {
	const requested = reader.string('FaxUserId');
	if (requested === undefined || requested === '' || requested === login.userId) return login;
	if (!login.proxy) {
		throw new ApiError(
			'forbidden',
			`${login.userId} is not a proxy user and cannot act for ${requested}`,
		);
	}
	const owner = accounts.user(requested);
	if (owner && orgOf(owner.userId) !== orgOf(login.userId)) {
		throw new ApiError('forbidden', `${requested} belongs to another organization`);
	}
	if (!owner) throw new ApiError('unknownUser', `Unknown FaxUserId: ${requested}`);
	return owner;
}

export async function parseSendRequest(
	params: Params,
	login: SeedUser,
	accounts: Accounts,
): Promise<SendRequest> {
	const r = new ParamReader(params);
	const owner = resolveOwner(r, login, accounts);
	const destinations = readDestinations(params);
	if (destinations.length === 0) {
		throw new ApiError('noDestination', 'No destination: give FaxNumber or FaxRecipient');
	}
	const files = params.files.filter((f) => !(f.filename === '' && f.data.length === 0));
	if (files.length === 0) throw new ApiError('noAttachment', 'No attachment in request');
	const invalid = (text: string) => new ApiError('invalidParameter', text);
	if (params.has('PageSize')) throw invalid('PageSize is reserved and must not be specified');
	const coverPageName = r.string('CoverPageName') ?? '';
	const coverPageEnabled = r.bool('CoverPageEnabled') ?? false;
	if (coverPageName !== '' && !coverPageEnabled) {
		throw invalid('CoverPageEnabled must be true when CoverPageName is set');
	}
	const coverMessage = r.string('CoverMessage') ?? '';
	const lines = coverMessage.split(/\r?\n/);
	if (lines.length > 12 || lines.some((l) => l.length > 128)) {
		throw invalid('CoverMessage may have at most 12 lines of at most 128 characters');
	}
	const coverFields: Record<string, string> = {};
	for (const [name, value] of params.entries) {
		if (/^CoverField_\d+$/.test(name) || name === 'CoverFieldCC') coverFields[name] = value;
	}
	const retryCount = r.int('RetryCount', 0) ?? RETRY_LIMITS.count.default;
	const retryInterval = r.int('RetryInterval', 1) ?? RETRY_LIMITS.interval.default;
	const priority = r.int('Priority', 0, 10);
	const faxHeaderEnabled = r.bool('FaxHeaderEnabled') ?? false;
	r.oneOf('PageOrientation', ['landscape', 'portrait'] as const);
	const documents = await Promise.all(
		files.map((f) => readDocument(f.filename, f.contentType, f.data)),
	);
	const count = clamp(retryCount, RETRY_LIMITS.count.min, RETRY_LIMITS.count.max);
	const options: Partial<OutboundFax> = {
		sendAfter: r.datetime('SendAfter'),
		retryCount: count,
		retryCountLeft: count,
		retryInterval: clamp(retryInterval, RETRY_LIMITS.interval.min, RETRY_LIMITS.interval.max),
		coverPageEnabled,
		coverPageName: coverPageEnabled ? coverPageName || 'default' : '',
		coverMessage,
		coverFields,
		priority: priority === undefined ? '' : String(priority),
		description: r.string('FaxDescription') ?? '',
		deleteAfterSend: r.bool('DeleteAfterSend') ?? false,
		notifyEmailAddress: r.string('NotifyEmailAddress') ?? '',
		notifySuccess: r.bool('NotifySuccess') ?? false,
		notifyFailed: r.bool('NotifyFailed') ?? false,
		notifyFailedAttachFax: r.bool('NotifyFailedAttachFax') ?? false,
		faxHeaderEnabled,
		faxHeader: r.string('FaxHeader') ?? '',
		pageOrientation: r.string('PageOrientation') ?? '',
		text2tiffFontName: r.string('Text2tiffFontName') ?? '',
		tsi: r.string('TSI') ?? owner.tsi,
		batchName: r.string('BatchName') ?? '',
		batchUniqueId: r.string('BatchUniqueId') ?? '',
		projectCodes: [
			r.string('ProjectCode') ?? accounts.organization(owner.userId)?.accountNumber ?? '',
			r.string('ProjectCode2') ?? '',
			'',
			'',
			'',
		],
	};
	return { owner, destinations, documents, options };
}

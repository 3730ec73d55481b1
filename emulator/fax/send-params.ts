import { orgOf, type Accounts } from '../accounts';
import type { Params } from '../http/params';
import type { SeedUser } from '../seed-data';
import { readDocument } from './documents';
import { digitsOf } from './outcomes';
import { ParamReader } from './param-rules';
import { fieldOf, type OutboundFax, type Recipient } from './records';
import { ApiError } from './status-codes';

export interface Destination {
	number: string;
	recipient?: Recipient;
}

/** What a FaxRecipient may give besides its FaxNumber (checked first): each a string. */
const RCPT_DETAILS = ['RcptName', 'RcptCompany', 'RcptTitle', 'RcptFax', 'RcptVoice'] as const;

function parseRecipient(raw: string): Recipient {
	const invalid = (text: string) => new ApiError('invalidRecipient', text);
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		throw invalid(`FaxRecipient is not valid JSON: ${raw.slice(0, 80)}`);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw invalid('FaxRecipient must be a JSON object');
	}
	const obj = value as Record<string, unknown>;
	if (typeof obj.FaxNumber !== 'string' || obj.FaxNumber.trim() === '') {
		throw invalid('FaxRecipient needs a FaxNumber string');
	}
	const wrong = RCPT_DETAILS.find((key) => obj[key] !== undefined && typeof obj[key] !== 'string');
	if (wrong) throw invalid(`FaxRecipient.${wrong} must be a string`);
	return obj as unknown as Recipient;
}

/** Destinations in order of appearance; a number already seen (ignoring separators) is dropped. */
function readDestinations(params: Params): Destination[] {
	const seen = new Set<string>();
	const out: Destination[] = [];
	for (const [name, value] of params.entries) {
		if (name !== 'FaxNumber' && name !== 'FaxRecipient') continue;
		if (name === 'FaxNumber' && value.trim() === '') {
			throw new ApiError('invalidParameter', 'FaxNumber is empty');
		}
		const recipient = name === 'FaxRecipient' ? parseRecipient(value) : undefined;
		const number = (recipient?.FaxNumber ?? value).trim();
		const digits = digitsOf(number);
		const key = digits === '' ? number : `${number.startsWith('+') ? '+' : ''}${digits}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push({ number, recipient });
	}
	return out;
}

export function rcptInfo(recipient: Recipient | undefined): string {
	if (!recipient) return '';
	return Object.values(recipient)
		.filter((v) => typeof v === 'string')
		.join(':');
}

/** The user a proxy login sends as (FaxUserId), else the login itself. */
function resolveOwner(reader: ParamReader, login: SeedUser, accounts: Accounts): SeedUser {
	const requested = reader.string('FaxUserId');
	if (requested === undefined || requested === '' || requested === login.userId) return login;
	if (!login.proxy) {
		const why = `is not a proxy user and cannot act for ${requested}`;
		throw new ApiError('forbidden', `${login.userId} ${why}`);
	}
	const owner = accounts.user(requested);
	if (owner && orgOf(owner.userId) !== orgOf(login.userId)) {
		throw new ApiError('forbidden', `${requested} belongs to another organization`);
	}
	if (!owner) throw new ApiError('unknownUser', `Unknown FaxUserId: ${requested}`);
	return owner;
}

/** The service's own bounds for retries (the description says they exist, not what they are). */
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const FLAG_OPTIONS = ['DeleteAfterSend', 'NotifySuccess', 'NotifyFailed', 'NotifyFailedAttachFax'];
const TEXT_OPTIONS = ['NotifyEmailAddress', 'FaxHeader', 'PageOrientation', 'Text2tiffFontName'];

export async function parseSendRequest(params: Params, login: SeedUser, accounts: Accounts) {
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
	const coverFields = Object.fromEntries(
		params.entries.filter(([name]) => /^CoverField_\d+$/.test(name) || name === 'CoverFieldCC'),
	);
	const retryCount = clamp(r.int('RetryCount', 0) ?? 3, 1, 10);
	const retryInterval = clamp(r.int('RetryInterval', 1) ?? 10, 1, 120);
	const priority = r.int('Priority', 0, 10);
	const faxHeaderEnabled = r.bool('FaxHeaderEnabled') ?? false;
	r.oneOf('PageOrientation', ['landscape', 'portrait'] as const);
	const documents = await Promise.all(
		files.map((f) => readDocument(f.filename, f.contentType, f.data)),
	);
	const orgCode = accounts.organization(owner.userId)?.accountNumber ?? '';
	const options: Partial<OutboundFax> = {
		sendAfter: r.datetime('SendAfter'),
		retryCount,
		retryCountLeft: retryCount,
		retryInterval,
		coverPageEnabled,
		coverPageName: coverPageEnabled ? coverPageName || 'default' : '',
		coverMessage,
		coverFields,
		priority: priority === undefined ? '' : String(priority),
		description: r.string('FaxDescription') ?? '',
		faxHeaderEnabled,
		tsi: r.string('TSI') ?? owner.tsi,
		projectCodes: [r.string('ProjectCode') ?? orgCode, r.string('ProjectCode2') ?? '', '', '', ''],
	};
	// The other options, each into the field of its name: booleans false and texts '' by default.
	const fields = options as Record<string, unknown>;
	for (const name of FLAG_OPTIONS) fields[fieldOf(name)] = r.bool(name) ?? false;
	for (const name of [...TEXT_OPTIONS, 'BatchName', 'BatchUniqueId']) {
		fields[fieldOf(name)] = r.string(name) ?? '';
	}
	return { owner, destinations, documents, options };
}

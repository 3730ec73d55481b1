import type { Random } from '../random';
import type { SeedUser } from '../seed-data';
import { FaxIndex, FaxStore } from './fax-index';
import { fieldOf, type InboundFax } from './records';

/** Senders of received faxes: each one's station id (TSI) and the area code it calls from. */
const SENDER_AREAS: Record<string, string> = {
	'MERCY HOSPITAL': '312',
	'LAW OFFICE OF J REED': '415',
	'FIRST NATL BANK': '704',
	'CITY PERMITS DEPT': '602',
	'NORTHWIND TRADERS': '206',
	'CONTOSO PHARMACY': '617',
	'TORONTO MEDICAL': '416',
	'VANCOUVER FREIGHT': '604',
};

function formatCsi(number: string): string {
	const d = number.replace(/[^0-9]/g, '');
	return d.length === 11 ? `+1 ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7)}` : number;
}

export interface InboundOverrides {
	FaxStatus?: string;
	[field: string]: unknown;
}

/** The wire names an override may set; each names the field of the same name (TSI: tsi). */
const FIELDS = new Set([
	...'TSI CSI PagesReceived DestFaxNumber CallerNumber Duration ErrorCode ErrorText'.split(' '),
	...'NotifyEmail NotifyAttachFax PrintFax Viewed ImgHost ImgDevice Caption Note Mark'.split(' '),
	...'ProjectCode ProjectCode2 Barcode'.split(' '),
]);

/**
 * A plausible received fax: sender station id, caller id, the user's line, pages and timing;
 * `fields` override with wire names (`PagesReceived: 3` or `'3'`, `Mark: 'true'`).
 */
export function makeInbound(
	id: number,
	user: SeedUser,
	receivedAt: number,
	random: Random,
	fields: InboundOverrides = {},
) {
	const [senderTsi, senderArea] = random.pick(Object.entries(SENDER_AREAS));
	const callerNumber = `1${senderArea}555${random.digits(4)}`;
	const pages = random.int(1, 5);
	const incomplete = fields.FaxStatus === 'recvIncomplete';
	const fax = {
		id,
		userId: user.userId,
		status: incomplete ? 'recvIncomplete' : 'recvOk',
		tsi: random.next() < 0.2 ? formatCsi(callerNumber) : senderTsi,
		csi: formatCsi(user.faxNumber),
		receivedAt,
		createdAt: receivedAt,
		/** When it became visible on the service; later than receivedAt for a late fax. */
		visibleAt: receivedAt,
		/** Last modified (visible, Mark, project codes): what SortColumn=dateTime orders by. */
		modifiedAt: receivedAt,
		pagesReceived: pages,
		destFaxNumber: user.faxNumber,
		callerNumber,
		duration: 15 + pages * random.int(18, 30),
		errorCode: incomplete ? 3002 : 0,
		errorText: incomplete ? 'Receive page failure: remote disconnected' : '',
		notifyEmail: true,
		notifyAttachFax: true,
		printFax: false,
		viewed: false,
		imgHost: '10.40.2.18',
		imgDevice: `IAX/ch${String(random.int(1, 24)).padStart(2, '0')}`,
		caption: '',
		note: '',
		mark: false,
		projectCode: '',
		projectCode2: '',
		deleted: false,
	};
	const record = fax as Record<string, unknown>;
	for (const [name, value] of Object.entries(fields)) {
		if (!FIELDS.has(name) || value === undefined) continue;
		const key = fieldOf(name);
		if (typeof record[key] === 'number') record[key] = Number(value);
		else if (typeof record[key] === 'boolean') record[key] = value === true || value === 'true';
		else record[key] = String(value);
	}
	return fax;
}

/** Inbound faxes; `all` keeps deleted ones too (ground truth), in the order they became visible. */
export class InboundStore extends FaxStore<InboundFax> {
	readonly all: InboundFax[] = [];

	constructor() {
		super(
			new FaxIndex(
				(f) => f.receivedAt,
				(f) => f.modifiedAt,
			),
		);
	}

	add(faxes: InboundFax[]): void {
		super.add(faxes);
		for (const fax of faxes) this.all.push(fax);
	}

	reset(): void {
		super.reset();
		this.all.length = 0;
	}
}

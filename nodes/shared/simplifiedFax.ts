import type { IDataObject } from 'n8n-workflow';

import type { FaxDirection } from './faxDirections';

/** The fields both directions end with: the error, the owner, the codes and the mark. */
const SHARED_TAIL = ['ErrorCode', 'ErrorText', 'FaxUserId', 'ProjectCode', 'ProjectCode2', 'Mark'];

/**
 * The fields of a fax an operations team acts on: which fax, which number, its status, pages,
 * times, error, owner, the codes it is filed under and its mark. Simplify returns these; the
 * service's record has 46 fields on outbound faxes and 25 on inbound ones.
 */
export const SIMPLIFIED_FAX_FIELDS: Record<FaxDirection, readonly string[]> = {
	outbound: [
		'FaxId',
		'FaxNumber',
		'FaxStatus',
		'PagesTotal',
		'PagesSent',
		'CreateTime',
		'CompleteTime',
		...SHARED_TAIL,
	],
	inbound: [
		'FaxId',
		'CallerNumber',
		'DestFaxNumber',
		'FaxStatus',
		'PagesReceived',
		'ReceivedTime',
		...SHARED_TAIL,
	],
};

/** The simplified record, in the order above; a field the service left out stays out. */
export function simplifyFax(direction: FaxDirection, record: IDataObject): IDataObject {
	const simple: IDataObject = {};
	for (const field of SIMPLIFIED_FAX_FIELDS[direction]) {
		if (record[field] !== undefined) simple[field] = record[field];
	}
	return simple;
}

/** What Simplify keeps; the description is n8n's wording for every Simplify toggle (its lint asks for it). */
export const SIMPLIFY_HINT =
	'On: ID, number, status, pages, times, error, user, project codes and mark. Off: the whole record.';

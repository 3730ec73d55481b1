import { withStatus, type Reply } from '../http/reply';

/**
 * The description's mail merge RequestStatus table: code, the HTTP status the emulator pairs, and
 * the text ({name} filled in). noPdfFields is listed a second time under 1001 in the description;
 * its text tells it apart from the other 1001.
 */
export const MM = {
	expectedFaxesInvalid: [1000, 400, 'ExpectedFaxes value is not a valid number'],
	faxNumberColumnMissing: [1001, 400, 'FaxNumerColumnName not specified'],
	noFiles: [1002, 400, 'No files in request'],
	noCsv: [1003, 400, 'CSV file not specified'],
	noTemplate: [1004, 400, 'Template file not specified'],
	sendAfterInvalid: [1005, 400, 'SendAfter is invalid'],
	notifyOnSuccessInvalid: [1006, 400, 'NotifyOnSuccess is invalid'],
	notifyOnFailureInvalid: [1007, 400, 'NotifyEmailFailure is invalid'],
	filesInvalid: [1100, 400, 'Could not validate files'],
	noPdfFields: [1001, 400, 'No fields found in PDF template'],
	noCsvFields: [1102, 400, 'No fields found in CSV file'],
	faxColumnNotFound: [1103, 400, 'Could not find fax number column named {name} in metadata file'],
	keywordColumnNotFound: [1104, 400, 'Could not find keyword column named {name} in metadata file'],
	barcodeColumnNotFound: [1105, 400, 'Could not find barcode column named {name} in metadata file'],
	expectedMismatch: [1106, 400, 'Expected faxes {n} does not match lines in meta file {m}'],
	error: [1200, 400, 'Error: {details}'],
	exception: [1300, 500, 'Exception: {details}'],
	jobListError: [2000, 500, 'Error getting job list. {details}'],
	jobError: [2001, 404, 'Error getting the job. {details}'],
	faxListError: [2001, 404, 'Error getting the fax list. {details}'],
} as const;

export class MailMergeError extends Error {
	constructor(
		readonly codeName: keyof typeof MM,
		values: Record<string, string | number> = {},
		readonly httpStatus?: number,
	) {
		super(MM[codeName][2].replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? '')));
	}
}

export function mmErrorReply(e: MailMergeError): Reply {
	const [code, http] = MM[e.codeName];
	return withStatus(e.httpStatus ?? http, {}, code, e.message);
}

import { withStatus, type Reply } from '../http/reply';

/** The description's mail merge RequestStatus table, with the HTTP status the emulator pairs. */
export const MM = {
	expectedFaxesInvalid: {
		code: 1000,
		http: 400,
		text: 'ExpectedFaxes value is not a valid number',
	},
	faxNumberColumnMissing: { code: 1001, http: 400, text: 'FaxNumerColumnName not specified' },
	noFiles: { code: 1002, http: 400, text: 'No files in request' },
	noCsv: { code: 1003, http: 400, text: 'CSV file not specified' },
	noTemplate: { code: 1004, http: 400, text: 'Template file not specified' },
	sendAfterInvalid: { code: 1005, http: 400, text: 'SendAfter is invalid' },
	notifyOnSuccessInvalid: { code: 1006, http: 400, text: 'NotifyOnSuccess is invalid' },
	notifyOnFailureInvalid: { code: 1007, http: 400, text: 'NotifyEmailFailure is invalid' },
	filesInvalid: { code: 1100, http: 400, text: 'Could not validate files' },
	/** Listed a second time under 1001 in the description; told apart from the other 1001 by its text. */
	noPdfFields: { code: 1001, http: 400, text: 'No fields found in PDF template' },
	noCsvFields: { code: 1102, http: 400, text: 'No fields found in CSV file' },
	faxColumnNotFound: {
		code: 1103,
		http: 400,
		text: 'Could not find fax number column named {name} in metadata file',
	},
	keywordColumnNotFound: {
		code: 1104,
		http: 400,
		text: 'Could not find keyword column named {name} in metadata file',
	},
	barcodeColumnNotFound: {
		code: 1105,
		http: 400,
		text: 'Could not find barcode column named {name} in metadata file',
	},
	expectedMismatch: {
		code: 1106,
		http: 400,
		text: 'Expected faxes {n} does not match lines in meta file {m}',
	},
	error: { code: 1200, http: 400, text: 'Error: {details}' },
	exception: { code: 1300, http: 500, text: 'Exception: {details}' },
	jobListError: { code: 2000, http: 500, text: 'Error getting job list. {details}' },
	jobError: { code: 2001, http: 404, text: 'Error getting the job. {details}' },
	faxListError: { code: 2001, http: 404, text: 'Error getting the fax list. {details}' },
} as const;

export type MmCode = keyof typeof MM;

export class MailMergeError extends Error {
	constructor(
		readonly codeName: MmCode,
		readonly values: Record<string, string | number> = {},
		readonly httpStatus?: number,
	) {
		super(MailMergeError.text(codeName, values));
	}

	static text(codeName: MmCode, values: Record<string, string | number>): string {
		return MM[codeName].text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
	}
}

export function mmErrorReply(e: MailMergeError): Reply {
	const entry = MM[e.codeName];
	return withStatus(e.httpStatus ?? entry.http, {}, entry.code, e.message);
}

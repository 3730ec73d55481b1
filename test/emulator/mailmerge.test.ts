import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { FormData } from 'undici';
import { formPdf } from '../harness/formPdf';
import { textPdf } from '../harness/textPdf';
import { madeOnce } from '../harness/jest/madeOnce';
import { call, MINUTE, USERS } from '../harness/emulatorHttp';
import { expectAnswer, OK, requestStatus, useEmulatorCalls } from './faxCalls';

const { emu, api } = useEmulatorCalls();
const template = madeOnce(() => formPdf(['Name', 'Fax', 'Amount', 'Code']));
const noFields = madeOnce(() => textPdf(['']));

const CSV =
	'Name,Fax,Amount,Code\nAnn,12125550000,10,K1\nBen,12125550002,20,K2\nCid,12125550000,30,K3\n';

/** A job form: the fields, then the CSV and the template (the defaults unless given; null leaves one out). */
function jobForm(
	params: Record<string, string>,
	files: { csv?: string | Buffer | null; template?: Buffer | null } = {},
): FormData {
	const fd = new FormData();
	for (const [k, v] of Object.entries(params)) fd.append(k, v);
	const { csv = CSV, template: tpl = template() } = files;
	if (csv !== null) fd.append('CSV', new Blob([csv], { type: 'text/csv' }), 'data.csv');
	if (tpl !== null) fd.append('Template', new Blob([tpl], { type: 'application/pdf' }), 'form.pdf');
	return fd;
}

const postJob = (fd: FormData | undefined, auth = USERS.alice) =>
	call('POST', `${emu().urls.mailMerge}/Job`, { auth, multipart: fd });
/** A form with the fax number column named Fax, the given fields after it, and the given files. */
const withFax = (extra: Record<string, string> = {}, files: Parameters<typeof jobForm>[1] = {}) =>
	jobForm({ FaxNumerColumnName: 'Fax', ...extra }, files);
const jobOf = async () => (await api.mailMerge('/Job/1')).json.Job;

test('POST /Job answers 201 with JobID; lines become faxes one per step; COMPLETE at the end', async () => {
	const res = await postJob(withFax({ KeywordColumnName: 'Code', ExpectedFaxes: '3' }));
	expect(res.status).toBe(201);
	expect(res.json).toEqual({ JobID: 1, RequestStatus: OK });
	expect(await jobOf()).toEqual({
		ID: 1,
		CreatedOn: '2026-01-05T09:00:00',
		LastCompletedLine: 0,
		Status: 'INPROCESS',
		CancelledOn: null,
		ExpectedFaxCount: 3,
	});
	emu().control.advance(2000);
	expect(await jobOf()).toMatchObject({ LastCompletedLine: 1, Status: 'INPROCESS' });
	expect((await api.mailMerge('/Job/1/Faxes')).json.Faxes).toEqual([
		{
			ID: 1,
			CreatedOn: '2026-01-05T09:00:02',
			Status: 'Submitted',
			ErrorCode: '0',
			ErrorText: '',
			Keyword: 'K1',
			FaxNumber: '12125550000',
			ModifiedOn: '2026-01-05T09:00:02',
			Owner: 'alice@acme',
		},
	]);
	emu().control.advance(4000);
	expect(await jobOf()).toMatchObject({ LastCompletedLine: 3, Status: 'COMPLETE' });
	emu().control.advance(60 * MINUTE);
	const done = (await api.mailMerge('/Job/1/Faxes')).json.Faxes;
	expect(done.map((f: any) => [f.Keyword, f.Status, f.ErrorCode])).toEqual([
		['K1', 'sent', '0'],
		['K2', 'sendFailed', '1002'],
		['K3', 'sent', '0'],
	]);
	// the faxes are ordinary outbound faxes of the user
	expect(await api.fax(2)).toMatchObject({
		FaxUserId: 'alice@acme',
		FaxNumber: '12125550002',
		PagesTotal: '1',
		ProjectCode2: 'K2',
	});
	const list = (await api.mailMerge('/Job')).json;
	expect(list.Jobs).toHaveLength(1);
	expect(list.RequestStatus.StatusCode).toBe(0);
	expect((await api.mailMerge('/Job', USERS.bob)).json.Jobs).toEqual([]);
});

/** The texts a PDF shows: the hex strings its content streams draw. */
function shownTexts(doc: PDFDocument): string[] {
	const texts: string[] = [];
	for (const [, object] of doc.context.enumerateIndirectObjects()) {
		if (!(object instanceof PDFRawStream)) continue;
		const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
		for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
			texts.push(Buffer.from(hex, 'hex').toString('latin1'));
	}
	return texts.sort();
}

test('the merged image carries the CSV values in the form fields, flattened', async () => {
	await postJob(withFax());
	emu().control.advance(4000);
	for (const [faxId, values] of [
		[1, ['Ann', '12125550000', '10', 'K1']],
		[2, ['Ben', '12125550002', '20', 'K2']],
	] as const) {
		const pdf = await api.get(`outboundfaxes/${faxId}/image`, USERS.alice, {
			FaxContentType: 'pdf',
		});
		expect(pdf.status).toBe(200);
		const doc = await PDFDocument.load(pdf.body);
		expect(doc.getPageCount()).toBe(1);
		expect(doc.getForm().getFields()).toHaveLength(0);
		expect(shownTexts(doc)).toEqual([...values].sort());
	}
});

test('cover page options and SendAfter go to every fax', async () => {
	const notify = { NotifyOnSuccess: 'true', NotifyOnFailure: 'false' };
	const when = { SendAfter: '2026-01-05T12:00:00Z', NotifyEmail: 'ops@acme.example' };
	await postJob(withFax({ CoverPage: 'default', CoverPageMessage: 'Hi', ...when, ...notify }));
	emu().control.advance(MINUTE);
	expect(await api.fax(1)).toMatchObject({
		CoverPageName: 'default',
		PagesTotal: '2',
		SendAfter: '2026-01-05T12:00:00Z',
		FaxStatus: 'scheduled',
		NotifySuccess: 'true',
		NotifyFailed: 'false',
		NotifyEmailAddress: 'ops@acme.example',
	});
});

test('without the options: no keyword, failure notices on to the user, a named cover page kept', async () => {
	await postJob(withFax({ CoverPage: 'urgent' }));
	emu().control.advance(2000);
	expect((await api.mailMerge('/Job/1/Faxes')).json.Faxes[0].Keyword).toBe('');
	expect(await api.fax(1)).toMatchObject({
		ProjectCode2: '',
		NotifySuccess: 'false',
		NotifyFailed: 'true',
		NotifyEmailAddress: 'alice@acme.example',
		CoverPageName: 'urgent',
	});
});

test('CANCELLED through the control API sets CancelledOn and stops creating faxes', async () => {
	await postJob(withFax());
	emu().control.advance(2000);
	emu().control.cancelJob(1);
	emu().control.advance(MINUTE);
	const cancelled = {
		Status: 'CANCELLED',
		LastCompletedLine: 1,
		CancelledOn: '2026-01-05T09:00:02',
	};
	expect(await jobOf()).toMatchObject(cancelled);
	expect(emu().control.stats().outboundCount).toBe(1);
	expect(() => emu().control.cancelJob(1)).toThrow();
	expect(() => emu().control.cancelJob(9)).toThrow();
	expect((await call('POST', `${emu().urls.control}/jobs/1/cancel`)).status).toBe(400);
});

/** The StatusText of each code whose text names nothing of the request. */
const TEXT: Record<number, string> = {
	1000: 'ExpectedFaxes value is not a valid number',
	1001: 'FaxNumerColumnName not specified',
	1002: 'No files in request',
	1003: 'CSV file not specified',
	1004: 'Template file not specified',
	1005: 'SendAfter is invalid',
	1006: 'NotifyOnSuccess is invalid',
	1007: 'NotifyEmailFailure is invalid',
	1100: 'Could not validate files',
	1102: 'No fields found in CSV file',
};
const mismatch = (n: number, m: number) =>
	`Expected faxes ${n} does not match lines in meta file ${m}`;
const notFound = (what: string, name: string) =>
	`Could not find ${what} column named ${name} in metadata file`;
/** The default form with this CSV (and these fields). */
const csv =
	(text: string | Buffer, extra: Record<string, string> = {}) =>
	() =>
		withFax(extra, { csv: text });
const brokenPdf = Buffer.from('%PDF-1.7\nbroken');
const fields = (extra: Record<string, string>) => () => withFax(extra);
/** The form whose fax number column is `name` (one the CSV lacks). */
const faxColumn = (name: string) => () => jobForm({ FaxNumerColumnName: name });
const noFaxLine3 = 'Error: line 3 has no value in column Fax';
/** The default form with this template. */
const tpl = (bytes: () => Buffer) => () => withFax({}, { template: bytes() });

// [StatusCode, what is wrong with the form, the form, StatusText (default TEXT[code])]
const cases: Array<[number, string, () => FormData, string?]> = [
	[1000, 'ExpectedFaxes not a number', fields({ ExpectedFaxes: 'three' })],
	[1001, 'no FaxNumerColumnName', () => jobForm({ FaxNumberColumnName: 'Fax' })],
	[1002, 'no files', () => withFax({}, { csv: null, template: null })],
	[1003, 'no CSV', () => withFax({}, { csv: null })],
	[1004, 'no Template', () => withFax({}, { template: null })],
	[1005, 'bad SendAfter', fields({ SendAfter: 'tomorrow' })],
	[1006, 'bad NotifyOnSuccess', fields({ NotifyOnSuccess: 'yes' })],
	[1007, 'bad NotifyOnFailure', fields({ NotifyOnFailure: '1' })],
	[1100, 'template not a PDF', tpl(() => Buffer.from('not a pdf'))],
	[1100, 'template with a PDF header and nothing readable after it', tpl(() => brokenPdf)],
	[1100, 'CSV with broken quotes', csv('Name,Fax\n"Ann,12125550000\n')],
	[1100, 'CSV not text', csv(Buffer.from([0, 159, 146, 150]))],
	[1001, 'PDF without fields', tpl(noFields), 'No fields found in PDF template'],
	[1102, 'empty CSV', csv('')],
	[
		1001,
		'PDF without fields and an empty CSV: the template is checked first, as the table lists it',
		() => withFax({}, { csv: '', template: noFields() }),
		'No fields found in PDF template',
	],
	[1103, 'fax column missing', faxColumn('FaxNo'), notFound('fax number', 'FaxNo')],
	[
		1104,
		'keyword column missing',
		fields({ KeywordColumnName: 'Ref' }),
		notFound('keyword', 'Ref'),
	],
	[1105, 'barcode column missing', fields({ BarcodeColumnName: 'BC' }), notFound('barcode', 'BC')],
	[1106, 'expected count mismatch', fields({ ExpectedFaxes: '5' }), mismatch(5, 3)],
	[
		1200,
		'barcode column with no field of that name in the template',
		csv('Name,Fax,BC\nAnn,12125550000,123\n', { BarcodeColumnName: 'BC' }),
		'Error: template has no image field named BC for the barcode',
	],
	[1200, 'no data lines', csv('Name,Fax\n'), 'Error: metadata file has no data lines'],
	[1200, 'line without a fax number', csv('Name,Fax\nAnn,12125550000\nBen,\n'), noFaxLine3],
	[
		1200,
		'bad NotifyEmail',
		fields({ NotifyEmail: 'not-an-address' }),
		'Error: NotifyEmail not-an-address is not a valid e-mail address',
	],
	[
		1106,
		'a blank line in the middle is a line of the file',
		csv('Name,Fax\r\nAnn,12125550000\r\n\r\nBen,12125550000\r\n', { ExpectedFaxes: '2' }),
		mismatch(2, 3),
	],
	[
		1106,
		'lines of commas only and a second final line break are lines too',
		csv('Name,Fax\nAnn,12125550000\n,\n\n', { ExpectedFaxes: '1' }),
		mismatch(1, 3),
	],
	[
		1200,
		'without ExpectedFaxes a blank line is a line without a fax number',
		csv('Name,Fax\nAnn,12125550000\n\nBen,12125550000\n'),
		noFaxLine3,
	],
	[
		1103,
		'a byte order mark stays part of the first heading',
		csv('\uFEFFFax,Name\r\n12125550000,Ann\r\n'),
		notFound('fax number', 'Fax'),
	],
];

test.each(cases)('%i %s', async (code, _name, build, text = TEXT[code]) => {
	expectAnswer(await postJob(build()), 400, code, text);
	expect(emu().control.stats().mailMergeJobCount).toBe(0);
});

test('the line break that ends the file starts no line; a quoted line break stays inside its line', async () => {
	const csv = 'Name,Fax\r\n"Ann\r\nSmith",12125550000\r\nBen,12125550000\r\n';
	expect((await postJob(withFax({ ExpectedFaxes: '2' }, { csv }))).status).toBe(201);
	expect((await jobOf()).ExpectedFaxCount).toBe(2);
});

test('headings are trimmed of spaces; without a byte order mark the first column is found', async () => {
	const csv = ' Fax , Name\r\n12125550000,Ann\r\n';
	expect((await postJob(withFax({ ExpectedFaxes: '1' }, { csv }))).status).toBe(201);
});

test('1002 also for a form body without files', async () => {
	const res = await call('POST', `${emu().urls.mailMerge}/Job`, {
		auth: USERS.alice,
		form: { FaxNumerColumnName: 'Fax' },
	});
	expect(res.json.RequestStatus.StatusCode).toBe(1002);
});

test('1300, 2000 and 2001 while the job store is down', async () => {
	await postJob(withFax());
	emu().control.setMailMergeOutage(true);
	const down = 'Job store unavailable';
	expectAnswer(await postJob(withFax()), 500, 1300, `Exception: ${down}`);
	expectAnswer(await api.mailMerge('/Job'), 500, 2000, `Error getting job list. ${down}`);
	const job = await api.mailMerge('/Job/1');
	expect(job.json.RequestStatus).toEqual(requestStatus(2001, `Error getting the job. ${down}`));
	const faxesDown = requestStatus(2001, `Error getting the fax list. ${down}`);
	expect((await api.mailMerge('/Job/1/Faxes')).json.RequestStatus).toEqual(faxesDown);
	emu().control.setMailMergeOutage(false);
	expect((await api.mailMerge('/Job')).status).toBe(200);
});

test("2001 for an unknown job or another user's job; 401; wrong paths are 404", async () => {
	await postJob(withFax());
	const unknown = 'Error getting the job. Job 42 not found';
	expectAnswer(await api.mailMerge('/Job/42'), 404, 2001, unknown);
	const notBobs = requestStatus(2001, 'Error getting the fax list. Job 1 not found');
	expect((await api.mailMerge('/Job/1/Faxes', USERS.bob)).json.RequestStatus).toEqual(notBobs);
	expectAnswer(await api.mailMerge('/Job/abc'), 400, 2001);
	expect((await api.mailMerge('/Job', { userId: 'alice@acme', password: 'x' })).status).toBe(401);
	expect((await api.mailMerge('/job')).status).toBe(404);
	expect(emu().control.requests({ api: 'mailMerge' }).length).toBeGreaterThan(0);
});

test('the route is matched before authentication: a wrong path without credentials is a 404', async () => {
	expectAnswer(await call('GET', `${emu().urls.mailMerge}/job`), 404, 71);
});

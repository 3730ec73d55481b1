import { FormData } from 'undici';
import { call, pdfFile, sendForm, textFile, USERS } from '../harness/emulatorHttp';
import { expectAnswer, OK, useEmulatorCalls } from './faxCalls';

const { emu, api } = useEmulatorCalls();
const { send, fax } = api;
const N = '12125550000';

test('creates a fax and answers 201 with string FaxIds', async () => {
	const res = await send({ FaxNumber: N });
	expect(res.status).toBe(201);
	expect(res.json).toEqual({ FaxInfo: [{ FaxId: '1', FaxNumber: N }], RequestStatus: OK });
	const created = await fax(1);
	expect(created).toMatchObject({
		FaxId: '1',
		GroupId: '1',
		FaxUserId: 'alice@acme',
		ProxyFaxUserId: 'alice@acme',
		FaxStatus: 'awaitingConversion',
		CreateTime: '2026-01-05T09:00:00Z',
		CompleteTime: '2026-01-05T09:00:00Z',
		Mark: 'false',
	});
	for (const value of Object.values(created)) expect(typeof value).toBe('string');
});

test('one fax per unique number; duplicates collapse; GroupId is the first FaxId', async () => {
	const dup = { FaxNumber: '12125550010', RcptName: 'Dup' };
	const ann = { FaxNumber: '+442071234567', RcptName: 'Ann', RcptCompany: 'UK Ltd' };
	const FaxRecipient = [dup, ann].map((recipient) => JSON.stringify(recipient));
	const res = await send({ FaxNumber: [N, '1 (212) 555-0000', '12125550010'], FaxRecipient });
	expect(res.status).toBe(201);
	expect(res.json.FaxInfo).toEqual([
		{ FaxId: '1', FaxNumber: N },
		{ FaxId: '2', FaxNumber: '12125550010' },
		{ FaxId: '3', FaxNumber: '+442071234567' },
	]);
	for (const id of [1, 2, 3]) expect((await fax(id)).GroupId).toBe('1');
	expect((await fax(3)).RcptInfo).toBe('+442071234567:Ann:UK Ltd');
	expect((await fax(2)).RcptInfo).toBe('');
});

test('parameters may come from the query string or a form body', async () => {
	const fd = new FormData();
	fd.append('doc', textFile(), 'a.txt');
	const q = await call('POST', `${emu().urls.fax}/outboundfaxes`, {
		auth: USERS.alice,
		query: { FaxNumber: N, FaxDescription: 'from query' },
		multipart: fd,
	});
	expect(q.status).toBe(201);
	expect((await fax(q.json.FaxInfo[0].FaxId)).FaxDescription).toBe('from query');
	// A form body has no attachment, so the service refuses it.
	const form = await api.post(`outboundfaxes`, USERS.alice, { FaxNumber: N });
	expectAnswer(form, 400, 12, 'No attachment in request');
	expect(emu().control.requests({ method: 'POST' })[1].params).toEqual({ FaxNumber: N });
});

// The options the service stores exactly as sent: the request and the stored fax both list them.
const storedAsSent = {
	FaxHeaderEnabled: 'true',
	FaxHeader: '%d %t %i page %P of %p',
	NotifyEmailAddress: 'a@acme.example',
	NotifySuccess: 'true',
	NotifyFailed: 'true',
	NotifyFailedAttachFax: 'true',
	DeleteAfterSend: 'false',
	FaxDescription: 'desc',
	Priority: '5',
	ProjectCode: 'PC1',
	ProjectCode2: 'PC2',
	TSI: 'ALICE',
	BatchName: 'batch-a',
	BatchUniqueId: 'u-1',
};

test('every send option is stored and echoed', async () => {
	const res = await send({
		FaxRecipient: JSON.stringify({ FaxNumber: N, RcptName: 'Bob', RcptCompany: 'B Co' }),
		RetryCount: '4',
		RetryInterval: '15',
		SendAfter: '2026-01-05T10:00Z',
		CoverPageEnabled: 'true',
		CoverPageName: 'confidential',
		CoverMessage: 'Hello\nWorld',
		CoverField_310: 'x',
		...storedAsSent,
		PageOrientation: 'portrait',
		UnknownParameter: 'ignored',
	});
	expect(res.status).toBe(201);
	expect(await fax(1)).toMatchObject({
		...storedAsSent,
		RetryCount: '4',
		RetryCountLeft: '4',
		RetryInterval: '15',
		SendAfter: '2026-01-05T10:00:00Z',
		CoverPageName: 'confidential',
		RcptInfo: '12125550000:Bob:B Co',
		PagesTotal: '2',
	});
});

test('PagesTotal counts real PDF pages', async () => {
	const id = await api.sendId({ FaxNumber: N }, USERS.alice, await pdfFile(3));
	expect((await fax(id)).PagesTotal).toBe('3');
});

test.each([
	[{}, 13],
	[{ FaxNumber: '' }, 11],
	[{ FaxRecipient: 'not json' }, 14],
	[{ FaxRecipient: '{"RcptName":"x"}' }, 14],
	[{ FaxRecipient: `{"FaxNumber":"${N}","RcptName":5}` }, 14],
	[{ FaxNumber: N, RetryCount: 'x' }, 11],
	[{ FaxNumber: N, RetryInterval: '0' }, 11],
	[{ FaxNumber: N, SendAfter: '2026-01-05 10:00' }, 11],
	[{ FaxNumber: N, SendAfter: '2026-01-05T10:00:00' }, 11],
	[{ FaxNumber: N, CoverPageName: 'default' }, 11],
	[{ FaxNumber: N, CoverPageEnabled: 'yes' }, 11],
	[{ FaxNumber: N, CoverMessage: 'x'.repeat(129) }, 11],
	[{ FaxNumber: N, CoverMessage: Array(13).fill('l').join('\n') }, 11],
	[{ FaxNumber: N, PageSize: 'letter' }, 11],
	[{ FaxNumber: N, Priority: '11' }, 11],
	[{ FaxNumber: N, PageOrientation: 'diagonal' }, 11],
])('rejects %j with StatusCode %d', async (params, code) => {
	const res = await send(params as Record<string, string>);
	expectAnswer(res, 400, code);
	expect(res.json.RequestStatus.StatusText).not.toBe('');
	expect(emu().control.stats().outboundCount).toBe(0);
});

test('retry bounds are enforced by clamping', async () => {
	await send({ FaxNumber: N, RetryCount: '0', RetryInterval: '500' });
	await send({ FaxNumber: N, RetryCount: '99' });
	expect(await fax(1)).toMatchObject({ RetryCount: '1', RetryInterval: '120' });
	expect(await fax(2)).toMatchObject({ RetryCount: '10', RetryInterval: '10' });
});

test('401 on a bad password, a missing header or an unknown user', async () => {
	const url = `${emu().urls.fax}/outboundfaxes`;
	const wrong = [
		{ userId: 'alice@acme', password: 'nope' },
		null,
		{ userId: 'x@acme', password: 'y' },
	];
	for (const auth of wrong) {
		const res = await call('POST', url, { auth, multipart: sendForm({ FaxNumber: N }) });
		expectAnswer(res, 401, 50);
		expect(res.headers['www-authenticate']).toMatch(/^Basic/);
	}
	expect(emu().control.stats().outboundCount).toBe(0);
});

test('proxy login sends as another user of its organization', async () => {
	const asAdmin = (FaxUserId: string) => send({ FaxNumber: N, FaxUserId }, USERS.acmeAdmin);
	expect((await asAdmin('bob@acme')).status).toBe(201);
	const asBob = { FaxUserId: 'bob@acme', ProxyFaxUserId: 'admin@acme', TSI: 'ACME SALES' };
	expect(await fax(1, USERS.bob)).toMatchObject(asBob);
	expect((await asAdmin('carol@globex')).status).toBe(403);
	expectAnswer(await asAdmin('zed@acme'), 400, 40);
});

test('a non-proxy login cannot send as someone else', async () => {
	expectAnswer(await send({ FaxNumber: N, FaxUserId: 'bob@acme' }), 403, 60);
	expect((await send({ FaxNumber: N, FaxUserId: 'alice@acme' })).status).toBe(201);
});

test('images: PDF and TIFF downloads with content type and disposition', async () => {
	await send({ FaxNumber: N }, USERS.alice, await pdfFile(2));
	const image = (query?: Record<string, string>, id = 1) =>
		api.get(`outboundfaxes/${id}/image`, USERS.alice, query);
	const pdf = await image({ FaxContentType: 'pdf' });
	expect(pdf.status).toBe(200);
	expect(pdf.headers['content-type']).toBe('application/pdf');
	expect(pdf.headers['content-disposition']).toBe('inline; filename="fax-1.pdf"');
	expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
	const { PDFDocument } = await import('pdf-lib');
	expect((await PDFDocument.load(pdf.body)).getPageCount()).toBe(2);
	const tif = await image();
	expect(tif.headers['content-type']).toBe('image/tiff');
	expect(tif.headers['content-disposition']).toBe('inline; filename="fax-1.tif"');
	expect(tif.body.subarray(0, 4).toString('latin1')).toBe('II*\u0000');
	expect((await image({ ContentType: 'pdf' })).headers['content-type']).toBe('application/pdf');
	expect((await image({ FaxContentType: 'png' })).status).toBe(400);
	expect((await image({}, 99)).status).toBe(404);
});

test('limits at their bounds are accepted: 12 CoverMessage lines of 128 characters, Priority 0 and 10', async () => {
	const CoverMessage = Array(12).fill('m'.repeat(128)).join('\n');
	expect((await send({ FaxNumber: N, CoverPageEnabled: 'true', CoverMessage })).status).toBe(201);
	expect((await send({ FaxNumber: N, Priority: '0' })).status).toBe(201);
	expect((await send({ FaxNumber: N, Priority: '10' })).status).toBe(201);
	expect(await fax(3)).toMatchObject({ Priority: '10' });
});

test('a leading + makes another destination: +12125550000 and 12125550000 are two faxes', async () => {
	const res = await send({ FaxNumber: ['+12125550000', N] });
	expect(res.json.FaxInfo.map((f: any) => f.FaxNumber)).toEqual(['+12125550000', N]);
});

test('ProjectCode defaults to the account number of the organization', async () => {
	await send({ FaxNumber: N });
	expect((await fax(1)).ProjectCode).toBe('ACME-1000');
});

test('parameter names are case sensitive: faxnumber is no FaxNumber, faxDescription no FaxDescription', async () => {
	expectAnswer(await send({ faxnumber: N }), 400, 13);
	await send({ FaxNumber: N, faxDescription: 'ignored' });
	expect((await fax(1)).FaxDescription).toBe('');
});

test('a parameter given twice takes its first value, the query string before the body', async () => {
	await send({ FaxNumber: N, FaxDescription: ['first', 'second'] });
	expect((await fax(1)).FaxDescription).toBe('first');
	expect((await api.put('outboundfaxes/1?Mark=true', USERS.alice, { Mark: 'false' })).status).toBe(
		201,
	);
	expect((await fax(1)).Mark).toBe('true');
});

test('an empty file part without a file name (no file chosen) is no attachment', async () => {
	const boundary = 'x-boundary';
	const body = [
		`--${boundary}`,
		'Content-Disposition: form-data; name="FaxNumber"',
		'',
		N,
		`--${boundary}`,
		'Content-Disposition: form-data; name="attachment"; filename=""',
		'Content-Type: application/octet-stream',
		'',
		'',
		`--${boundary}--`,
		'',
	].join('\r\n');
	const res = await call('POST', `${emu().urls.fax}/outboundfaxes`, {
		auth: USERS.alice,
		body,
		headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
	});
	expectAnswer(res, 400, 12);
});

test('a multipart body without a boundary is malformed: StatusCode 15', async () => {
	const res = await call('POST', `${emu().urls.fax}/outboundfaxes`, {
		auth: USERS.alice,
		body: 'FaxNumber=12125550000',
		headers: { 'content-type': 'multipart/form-data' },
	});
	expectAnswer(res, 400, 15);
});

test('the route is matched before authentication: an unknown path without credentials is a 404', async () => {
	// The wrong base URL (the mail merge path on interface A) is a 404 with StatusCode 71, with
	// credentials or without.
	expectAnswer(await api.get('Job', USERS.alice), 404, 71);
	expectAnswer(await api.get('Job', null), 404, 71);
	expectAnswer(await api.get('nothing', { userId: 'alice@acme', password: 'wrong' }), 404, 71);
});

test('FaxContentType wins over ContentType', async () => {
	await send({ FaxNumber: N });
	const both = { FaxContentType: 'pdf', ContentType: 'tif' };
	const res = await api.get('outboundfaxes/1/image', USERS.alice, both);
	expect(res.headers['content-type']).toBe('application/pdf');
});

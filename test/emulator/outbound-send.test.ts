import { FormData } from 'undici';
import {
	call,
	getOutbound,
	pdfFile,
	sendFax,
	sendForm,
	textFile,
	USERS,
} from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';
import { faxCalls } from './faxCalls';

const emu = useEmulator();
const api = faxCalls(emu);

describe('POST /outboundfaxes', () => {
	test('creates a fax and answers 201 with string FaxIds', async () => {
		const res = await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		expect(res.status).toBe(201);
		expect(res.json).toEqual({
			FaxInfo: [{ FaxId: '1', FaxNumber: '12125550000' }],
			RequestStatus: { StatusCode: 0, StatusText: '' },
		});
		const fax = await getOutbound(emu(), USERS.alice, 1);
		expect(fax).toMatchObject({
			FaxId: '1',
			GroupId: '1',
			FaxUserId: 'alice@acme',
			ProxyFaxUserId: 'alice@acme',
			FaxStatus: 'awaitingConversion',
			CreateTime: '2026-01-05T09:00:00Z',
			CompleteTime: '2026-01-05T09:00:00Z',
			Mark: 'false',
		});
		for (const value of Object.values(fax)) expect(typeof value).toBe('string');
	});

	test('one fax per unique number; duplicates collapse; GroupId is the first FaxId', async () => {
		const res = await sendFax(emu(), USERS.alice, {
			FaxNumber: ['12125550000', '1 (212) 555-0000', '12125550010'],
			FaxRecipient: [
				JSON.stringify({ FaxNumber: '12125550010', RcptName: 'Dup' }),
				JSON.stringify({ FaxNumber: '+442071234567', RcptName: 'Ann', RcptCompany: 'UK Ltd' }),
			],
		});
		expect(res.status).toBe(201);
		expect(res.json.FaxInfo).toEqual([
			{ FaxId: '1', FaxNumber: '12125550000' },
			{ FaxId: '2', FaxNumber: '12125550010' },
			{ FaxId: '3', FaxNumber: '+442071234567' },
		]);
		for (const id of [1, 2, 3]) {
			expect((await getOutbound(emu(), USERS.alice, id)).GroupId).toBe('1');
		}
		expect((await getOutbound(emu(), USERS.alice, 3)).RcptInfo).toBe('+442071234567:Ann:UK Ltd');
		expect((await getOutbound(emu(), USERS.alice, 2)).RcptInfo).toBe('');
	});

	test('parameters may come from the query string or a form body', async () => {
		const fd = new FormData();
		fd.append('doc', textFile(), 'a.txt');
		const q = await call('POST', `${emu().urls.fax}/outboundfaxes`, {
			auth: USERS.alice,
			query: { FaxNumber: '12125550000', FaxDescription: 'from query' },
			multipart: fd,
		});
		expect(q.status).toBe(201);
		expect((await getOutbound(emu(), USERS.alice, q.json.FaxInfo[0].FaxId)).FaxDescription).toBe(
			'from query',
		);
		// A form body has no attachment, so the service refuses it.
		const form = await api.post(`outboundfaxes`, USERS.alice, { FaxNumber: '12125550000' });
		expect(form.status).toBe(400);
		expect(form.json.RequestStatus).toEqual({
			StatusCode: 12,
			StatusText: 'No attachment in request',
		});
		const logged = emu().control.requests({ method: 'POST' });
		expect(logged[1].params).toEqual({ FaxNumber: '12125550000' });
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
		const res = await sendFax(emu(), USERS.alice, {
			FaxRecipient: JSON.stringify({
				FaxNumber: '12125550000',
				RcptName: 'Bob',
				RcptCompany: 'B Co',
			}),
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
		expect(await getOutbound(emu(), USERS.alice, 1)).toMatchObject({
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
		const res = await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' }, await pdfFile(3));
		expect((await getOutbound(emu(), USERS.alice, res.json.FaxInfo[0].FaxId)).PagesTotal).toBe('3');
	});

	test.each([
		[{}, 13],
		[{ FaxNumber: '' }, 11],
		[{ FaxRecipient: 'not json' }, 14],
		[{ FaxRecipient: '{"RcptName":"x"}' }, 14],
		[{ FaxNumber: '12125550000', RetryCount: 'x' }, 11],
		[{ FaxNumber: '12125550000', RetryInterval: '0' }, 11],
		[{ FaxNumber: '12125550000', SendAfter: '2026-01-05 10:00' }, 11],
		[{ FaxNumber: '12125550000', SendAfter: '2026-01-05T10:00:00' }, 11],
		[{ FaxNumber: '12125550000', CoverPageName: 'default' }, 11],
		[{ FaxNumber: '12125550000', CoverPageEnabled: 'yes' }, 11],
		[{ FaxNumber: '12125550000', CoverMessage: 'x'.repeat(129) }, 11],
		[{ FaxNumber: '12125550000', CoverMessage: Array(13).fill('l').join('\n') }, 11],
		[{ FaxNumber: '12125550000', PageSize: 'letter' }, 11],
		[{ FaxNumber: '12125550000', Priority: '11' }, 11],
		[{ FaxNumber: '12125550000', PageOrientation: 'diagonal' }, 11],
	])('rejects %j with StatusCode %d', async (params, code) => {
		const res = await sendFax(emu(), USERS.alice, params as Record<string, string>);
		expect(res.status).toBe(400);
		expect(res.json.RequestStatus.StatusCode).toBe(code);
		expect(res.json.RequestStatus.StatusText).not.toBe('');
		expect(emu().control.stats().outboundCount).toBe(0);
	});

	test('retry bounds are enforced by clamping', async () => {
		await sendFax(emu(), USERS.alice, {
			FaxNumber: '12125550000',
			RetryCount: '0',
			RetryInterval: '500',
		});
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000', RetryCount: '99' });
		expect(await getOutbound(emu(), USERS.alice, 1)).toMatchObject({
			RetryCount: '1',
			RetryInterval: '120',
		});
		expect(await getOutbound(emu(), USERS.alice, 2)).toMatchObject({
			RetryCount: '10',
			RetryInterval: '10',
		});
	});

	test('401 on a bad password, a missing header or an unknown user', async () => {
		for (const auth of [
			{ userId: 'alice@acme', password: 'nope' },
			null,
			{ userId: 'x@acme', password: 'y' },
		]) {
			const res = await call('POST', `${emu().urls.fax}/outboundfaxes`, {
				auth,
				multipart: sendForm({ FaxNumber: '12125550000' }),
			});
			expect(res.status).toBe(401);
			expect(res.headers['www-authenticate']).toMatch(/^Basic/);
			expect(res.json.RequestStatus.StatusCode).toBe(50);
		}
		expect(emu().control.stats().outboundCount).toBe(0);
		// the log never holds the password
		expect(JSON.stringify(emu().control.requests())).not.toContain('nope');
		expect(emu().control.requests()[0].auth).toEqual({ scheme: 'Basic', userId: 'alice@acme' });
	});

	test('proxy login sends as another user of its organization', async () => {
		const res = await sendFax(emu(), USERS.acmeAdmin, {
			FaxNumber: '12125550000',
			FaxUserId: 'bob@acme',
		});
		expect(res.status).toBe(201);
		expect(await getOutbound(emu(), USERS.bob, 1)).toMatchObject({
			FaxUserId: 'bob@acme',
			ProxyFaxUserId: 'admin@acme',
			TSI: 'ACME SALES',
		});
		const foreign = await sendFax(emu(), USERS.acmeAdmin, {
			FaxNumber: '12125550000',
			FaxUserId: 'carol@globex',
		});
		expect(foreign.status).toBe(403);
		const unknown = await sendFax(emu(), USERS.acmeAdmin, {
			FaxNumber: '12125550000',
			FaxUserId: 'zed@acme',
		});
		expect(unknown.status).toBe(400);
		expect(unknown.json.RequestStatus.StatusCode).toBe(40);
	});

	test('a non-proxy login cannot send as someone else', async () => {
		const res = await sendFax(emu(), USERS.alice, {
			FaxNumber: '12125550000',
			FaxUserId: 'bob@acme',
		});
		expect(res.status).toBe(403);
		expect(res.json.RequestStatus.StatusCode).toBe(60);
		const self = await sendFax(emu(), USERS.alice, {
			FaxNumber: '12125550000',
			FaxUserId: 'alice@acme',
		});
		expect(self.status).toBe(201);
	});

	test('the wrong base URL is a 404', async () => {
		const res = await call('POST', `${emu().urls.mailMerge}/outboundfaxes`, {
			auth: USERS.alice,
			multipart: sendForm({ FaxNumber: '12125550000' }),
		});
		expect(res.status).toBe(404);
		const unknown = await api.get(`faxes`, USERS.alice);
		expect(unknown.status).toBe(404);
		expect(unknown.json.RequestStatus.StatusCode).toBe(71);
	});
});

describe('images', () => {
	test('PDF and TIFF downloads with content type and disposition', async () => {
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' }, await pdfFile(2));
		const pdf = await api.get(`outboundfaxes/1/image`, USERS.alice, { FaxContentType: 'pdf' });
		expect(pdf.status).toBe(200);
		expect(pdf.headers['content-type']).toBe('application/pdf');
		expect(pdf.headers['content-disposition']).toBe('inline; filename="fax-1.pdf"');
		expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
		const { PDFDocument } = await import('pdf-lib');
		expect((await PDFDocument.load(pdf.body)).getPageCount()).toBe(2);
		const tif = await api.get(`outboundfaxes/1/image`, USERS.alice);
		expect(tif.headers['content-type']).toBe('image/tiff');
		expect(tif.headers['content-disposition']).toBe('inline; filename="fax-1.tif"');
		expect(tif.body.subarray(0, 4).toString('latin1')).toBe('II*\u0000');
		const alt = await api.get(`outboundfaxes/1/image`, USERS.alice, { ContentType: 'pdf' });
		expect(alt.headers['content-type']).toBe('application/pdf');
		const bad = await api.get(`outboundfaxes/1/image`, USERS.alice, { FaxContentType: 'png' });
		expect(bad.status).toBe(400);
		const missing = await api.get(`outboundfaxes/99/image`, USERS.alice);
		expect(missing.status).toBe(404);
	});
});

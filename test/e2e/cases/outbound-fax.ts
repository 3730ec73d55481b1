/** The version 1 cases of the Outbound Fax resource, one workflow each. */
import { SEED_USERS } from '../../../emulator';
import {
	assert,
	assertFields,
	assertNoSecrets,
	jsonOf,
	onlyRequest,
	requestsTo,
	rowsOf,
	valuesOf,
} from '../lib/assert';
import { WRONG_PASSWORD } from '../../harness/environment';
import type { E2eCase, E2eContext, RunResult } from '../lib/run-cases';
import { sentFax, statusForAlice } from './fixtures';
import { markCases } from './mark-cases';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

const faxIdOf = (result: RunResult): number => Number(result.start().E2E_FAX_ID);

/** A finished fax of alice, sent with the cover page and retry settings the send case uses. */
async function sentFaxId(ctx: E2eContext): Promise<{ E2E_FAX_ID: string }> {
	const id = await sentFax(ctx, '12125550000', {
		CoverPageEnabled: 'true',
		CoverPageName: 'confidential',
		FaxDescription: 'e2e send',
		RetryCount: '2',
		RetryInterval: '15',
	});
	return { E2E_FAX_ID: String(id) };
}

export const outboundFaxCases: E2eCase[] = [
	{
		title: 'Outbound fax: send text to two numbers and a recipient, with cover page options',
		workflow: 'outbound-send.json',
		check(result) {
			const send = onlyRequest(result.requests, 'POST', '/v1/outboundfaxes', SEED_USERS.alice);
			assertFields(JSON.parse(String(send.params.FaxRecipient)), {
				FaxNumber: '13125551041',
				RcptName: 'Blocked Line',
				RcptCompany: 'Nowhere Inc',
			});
			assertFields(send.params, {
				FaxNumber: ['12125550000', '+442071230000'],
				CoverPageEnabled: 'true',
				CoverPageName: 'confidential',
				CoverMessage: 'Please deliver to accounting',
				RetryCount: '2',
				RetryInterval: '15',
				FaxDescription: 'e2e send',
				ProjectCode2: 'E2E-REF',
				TSI: 'N8N E2E',
			});
			assert.deepEqual(rowsOf(send.files, 'filename', 'contentType'), [['fax.txt', 'text/plain']]);
			const created = jsonOf(result.items('Send Fax'));
			const numbers = ['12125550000', '+442071230000', '13125551041'];
			assert.deepEqual(valuesOf(created, 'FaxNumber'), numbers);
			for (const fax of created) {
				assert.equal(typeof fax.FaxId, 'number');
				assert.equal(fax.GroupId, created[0].FaxId, 'one group for one send request');
			}
		},
	},
	{
		title: 'Outbound fax: a malformed number is refused before any request',
		workflow: 'outbound-send-invalid.json',
		check(result) {
			assert.equal(result.requests.length, 0, 'no request reached the service');
			const [item] = jsonOf(result.items('Send Fax'));
			assert.match(String(item.error), /Fax Numbers/);
			assert.match(String(item.error), /call-me-maybe/);
		},
	},
	{
		title: 'Outbound fax: get a sent fax',
		workflow: 'outbound-get.json',
		prepare: sentFaxId,
		check(result) {
			const id = faxIdOf(result);
			onlyRequest(result.requests, 'GET', `/v1/outboundfaxes/${id}`);
			const [fax] = jsonOf(result.items('Get Fax'));
			assert.equal(typeof fax.PagesTotal, 'number');
			assertFields(fax, {
				FaxId: id,
				FaxStatus: 'sent',
				FaxNumber: '12125550000',
				CoverPageName: 'confidential',
				FaxDescription: 'e2e send',
				RetryCount: 2,
				PagesSent: fax.PagesTotal,
				Mark: false,
			});
			assert.match(String(fax.CompleteTime), ISO_UTC);
		},
	},
	{
		title: 'Outbound fax: a wrong password gives a clear error without the secret',
		workflow: 'outbound-get-wrong-password.json',
		prepare: sentFaxId,
		check(result) {
			assert.equal(result.requests[0].status, 401);
			const [item] = jsonOf(result.items('Get Fax'));
			assert.ok(item.error, 'the error is the output item (Continue On Fail)');
			assertNoSecrets(JSON.stringify(result.run), [
				WRONG_PASSWORD,
				`${SEED_USERS.alice.userId}:${WRONG_PASSWORD}`,
			]);
		},
	},
	{
		title: 'Outbound fax: get many, newest sent first and every batch fax over two pages',
		workflow: 'outbound-get-many.json',
		prepare(ctx) {
			ctx.emulator.control.bulkCreateOutbound(120, {
				users: [SEED_USERS.alice.userId, SEED_USERS.bob.userId],
				batchName: 'e2e-batch',
			});
		},
		check(result) {
			const newest = jsonOf(result.items('Newest Sent'));
			assert.equal(newest.length, 2);
			assert.ok(newest.every((f) => f.FaxStatus === 'sent'));
			assert.ok(String(newest[0].CompleteTime) >= String(newest[1].CompleteTime));
			const searches = requestsTo(result.requests, 'GET', '/v1/outboundfaxes');
			const limited = searches.find((r) => r.params.FaxStatus === 'sent');
			assert.ok(limited, 'the limited search was sent');
			assertFields(limited.params, { ResultLimit: '2', SortColumn: 'dateTime', SortOrder: 'desc' });
			assert.equal(limited.auth.userId, SEED_USERS.alice.userId);

			const batch = jsonOf(result.items('All Batch Faxes'));
			assert.equal(batch.length, 120);
			assert.equal(new Set(batch.map((f) => f.FaxId)).size, 120, 'no fax twice across pages');
			assert.deepEqual([...new Set(batch.map((f) => f.FaxUserId))].sort(), [
				SEED_USERS.alice.userId,
				SEED_USERS.bob.userId,
			]);
			const pages = searches.filter((r) => r.auth.userId === SEED_USERS.acmeAdmin.userId);
			assert.equal(pages.length, 2, 'two pages of 100');
			assertFields(pages[0].params, { BatchName: 'e2e-batch', FaxUserId: '*' });
			assert.ok(pages[1].params.GetNextResults, 'the second page follows the ResultsReference');
		},
	},
	{
		title: 'Outbound fax: download as PDF and as TIFF',
		workflow: 'outbound-download.json',
		prepare: sentFaxId,
		check(result) {
			const id = faxIdOf(result);
			const images = requestsTo(result.requests, 'GET', `/v1/outboundfaxes/${id}/image`);
			assert.deepEqual(images.map((r) => r.params.FaxContentType).sort(), ['pdf', 'tif']);
			const [pdf] = result.items('Download PDF');
			assert.equal(pdf.binary?.data?.mimeType, 'application/pdf');
			assert.equal(pdf.binary?.data?.fileName, `fax-${id}.pdf`);
			const [tif] = result.items('Download TIFF');
			assert.equal(tif.binary?.image?.mimeType, 'image/tiff');
			assert.equal(tif.binary?.image?.fileName, 'e2e-fax.tif');
		},
	},
	...markCases(
		'outbound',
		async (ctx) => Number((await sentFaxId(ctx)).E2E_FAX_ID),
		(ctx, id) => ctx.emulator.control.outboundFax(id)?.Mark,
	),
	{
		title: 'Outbound fax: resend a failed fax to a new number',
		workflow: 'outbound-resend.json',
		async prepare(ctx) {
			// The emulator fails every fax to this number.
			const id = await sentFax(ctx, '13125551041');
			assert.equal(ctx.emulator.control.outboundFax(id)?.FaxStatus, 'sendFailed');
			return { E2E_FAX_ID: String(id) };
		},
		check(result, ctx) {
			const original = faxIdOf(result);
			onlyRequest(result.requests, 'POST', `/v1/outboundfaxes/${original}/resend`);
			const [fax] = jsonOf(result.items('Resend Fax'));
			assert.equal(fax.FaxNumber, '13125550000');
			assert.notEqual(fax.FaxId, original);
			assert.equal(ctx.emulator.control.outboundFax(Number(fax.FaxId))?.FaxNumber, '13125550000');
		},
	},
	{
		title: 'Outbound fax: delete',
		workflow: 'outbound-delete.json',
		prepare: sentFaxId,
		async check(result, ctx) {
			const id = faxIdOf(result);
			onlyRequest(result.requests, 'DELETE', `/v1/outboundfaxes/${id}`);
			assert.deepEqual(jsonOf(result.items('Delete Fax')), [
				{ FaxId: id, deleted: true, success: true },
			]);
			assert.equal(await statusForAlice(ctx, `/outboundfaxes/${id}`), 404, 'the fax is gone');
		},
	},
];

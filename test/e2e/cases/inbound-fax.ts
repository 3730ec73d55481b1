import { SEED_USERS } from '../../../emulator';
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import type { E2eCase, E2eContext } from '../lib/types';

interface InboundIds {
	alice: number[];
	aliceIncomplete: number;
	bob: number[];
}

function ids(ctx: E2eContext): InboundIds {
	const value = ctx.state.get('inbound') as InboundIds | undefined;
	if (!value) throw new Error('the get many case injected no inbound faxes');
	return value;
}

function groundTruth(ctx: E2eContext, id: number) {
	const fax = ctx.emulator.control.inboundAll().find((f) => Number(f.FaxId) === id);
	if (!fax) throw new Error(`the emulator has no inbound fax ${id}`);
	return fax;
}

const faxIdOf = (fax: Record<string, string>) => Number(fax.FaxId);

export const inboundFaxCases: E2eCase[] = [
	{
		title: 'Inbound fax: get many, own faxes, all users as administrator, incomplete only',
		workflow: 'inbound-get-many.json',
		prepare(ctx) {
			const { control } = ctx.emulator;
			const alice = control
				.injectInbound({ userId: SEED_USERS.alice.userId, count: 2 })
				.map(faxIdOf);
			const [incomplete] = control
				.injectInbound({ userId: SEED_USERS.alice.userId, fields: { FaxStatus: 'recvIncomplete' } })
				.map(faxIdOf);
			const bob = control.injectInbound({ userId: SEED_USERS.bob.userId, count: 2 }).map(faxIdOf);
			ctx.state.set('inbound', { alice, aliceIncomplete: incomplete, bob } satisfies InboundIds);
		},
		check(result, ctx) {
			const { alice, aliceIncomplete, bob } = ids(ctx);
			const own = jsonOf(result.items('Own Faxes'));
			assert.deepEqual(
				own.map((f) => f.FaxId),
				[...alice, aliceIncomplete],
			);
			assert.ok(own.every((f) => f.FaxUserId === SEED_USERS.alice.userId));
			const all = jsonOf(result.items('All Users'));
			assert.deepEqual(
				all.map((f) => f.FaxId),
				[...alice, aliceIncomplete, ...bob].sort((a, b) => b - a),
				'every user of the organization, newest id first',
			);
			const proxy = result.requests.find((r) => r.auth.userId === SEED_USERS.acmeAdmin.userId);
			assert.equal(proxy?.params.FaxUserId, '*');
			assert.equal(proxy?.params.SortOrder, 'desc');
			const incomplete = jsonOf(result.items('Incomplete, Limit 1'));
			assert.deepEqual(
				incomplete.map((f) => [f.FaxId, f.FaxStatus]),
				[[aliceIncomplete, 'recvIncomplete']],
			);
		},
	},
	{
		title: 'Inbound fax: get',
		workflow: 'inbound-get.json',
		prepare: (ctx) => ({ E2E_FAX_ID: String(ids(ctx).alice[0]) }),
		check(result, ctx) {
			const id = ids(ctx).alice[0];
			onlyRequest(result.requests, 'GET', `/v1/inboundfaxes/${id}`);
			const [fax] = jsonOf(result.items('Get Fax'));
			const truth = groundTruth(ctx, id);
			assert.equal(fax.FaxId, id);
			assert.equal(fax.FaxStatus, 'recvOk');
			assert.equal(fax.TSI, truth.TSI);
			assert.equal(fax.PagesReceived, Number(truth.PagesReceived));
			assert.equal(
				new Date(String(fax.ReceivedTime)).getTime(),
				new Date(String(truth.ReceivedTime)).getTime(),
			);
			assert.equal(fax.Mark, false);
		},
	},
	{
		title: 'Inbound fax: download as PDF',
		workflow: 'inbound-download.json',
		prepare: (ctx) => ({ E2E_FAX_ID: String(ids(ctx).alice[0]) }),
		check(result, ctx) {
			const id = ids(ctx).alice[0];
			const image = onlyRequest(result.requests, 'GET', `/v1/inboundfaxes/${id}/image`);
			assert.equal(image.params.FaxContentType, 'pdf');
			const [item] = result.items('Download Fax');
			assert.equal(item.binary?.fax?.mimeType, 'application/pdf');
			assert.equal(item.binary?.fax?.fileName, `fax-${id}.pdf`);
		},
	},
	{
		title: 'Inbound fax: update project codes and mark',
		workflow: 'inbound-update.json',
		prepare: (ctx) => ({ E2E_FAX_ID: String(ids(ctx).alice[0]) }),
		check(result, ctx) {
			const id = ids(ctx).alice[0];
			const put = onlyRequest(result.requests, 'PUT', `/v1/inboundfaxes/${id}`);
			assert.equal(put.params.ProjectCode, 'ACC-42');
			assert.equal(put.params.ProjectCode2, 'invoices');
			assert.equal(put.params.Mark, 'true');
			const [out] = jsonOf(result.items('Update Fax'));
			assert.equal(out.FaxId, id);
			assert.equal(out.success, true);
			const truth = groundTruth(ctx, id);
			assert.equal(truth.ProjectCode, 'ACC-42');
			assert.equal(truth.ProjectCode2, 'invoices');
			assert.equal(truth.Mark, 'true');
		},
	},
	{
		title: 'Inbound fax: mark',
		workflow: 'inbound-mark.json',
		prepare: (ctx) => ({ E2E_FAX_ID: String(ids(ctx).alice[1]) }),
		check(result, ctx) {
			const id = ids(ctx).alice[1];
			assert.equal(
				onlyRequest(result.requests, 'PUT', `/v1/inboundfaxes/${id}`).params.Mark,
				'true',
			);
			assert.deepEqual(jsonOf(result.items('Mark Fax')), [
				{ FaxId: id, Mark: true, success: true },
			]);
			assert.equal(groundTruth(ctx, id).Mark, 'true');
		},
	},
	{
		title: 'Inbound fax: unmark',
		workflow: 'inbound-unmark.json',
		prepare: (ctx) => ({ E2E_FAX_ID: String(ids(ctx).alice[1]) }),
		check(result, ctx) {
			const id = ids(ctx).alice[1];
			assert.equal(
				onlyRequest(result.requests, 'PUT', `/v1/inboundfaxes/${id}`).params.Mark,
				'false',
			);
			assert.deepEqual(jsonOf(result.items('Unmark Fax')), [
				{ FaxId: id, Mark: false, success: true },
			]);
			assert.equal(groundTruth(ctx, id).Mark, 'false');
		},
	},
	{
		title: 'Inbound fax: delete',
		workflow: 'inbound-delete.json',
		prepare: (ctx) => ({ E2E_FAX_ID: String(ids(ctx).aliceIncomplete) }),
		check(result, ctx) {
			const id = ids(ctx).aliceIncomplete;
			assert.equal(onlyRequest(result.requests, 'DELETE', `/v1/inboundfaxes/${id}`).status, 201);
			assert.deepEqual(jsonOf(result.items('Delete Fax')), [
				{ FaxId: id, deleted: true, success: true },
			]);
			assert.equal(groundTruth(ctx, id).deleted, true);
		},
	},
];

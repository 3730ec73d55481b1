/** The version 1 cases of the Inbound Fax resource, one workflow each. */
import { SEED_USERS } from '../../../emulator';
import { assert, assertDescending, assertFields, jsonOf, onlyRequest, rowsOf } from '../lib/assert';
import type { E2eCase, E2eContext, RunResult } from '../lib/run-cases';
import { inboundFaxes, inboundRecord } from './fixtures';
import { markCases } from './mark-cases';

/** Ids the case's prepare gave the workflow's trigger item, by name. */
const idsOf = (result: RunResult, name: string): number[] =>
	String(result.start()[name]).split(',').map(Number);

const faxIdOf = (result: RunResult): number => idsOf(result, 'E2E_FAX_ID')[0];

/** One fax received for alice, the workflow's E2E_FAX_ID. */
const receivedFax = (ctx: E2eContext) => ({ E2E_FAX_ID: String(inboundFaxes(ctx, 1)[0]) });

export const inboundFaxCases: E2eCase[] = [
	{
		title: 'Inbound fax: get many, own faxes, all users as administrator, incomplete only',
		workflow: 'inbound-get-many.json',
		prepare(ctx) {
			const alice = inboundFaxes(ctx, 2);
			const [incomplete] = inboundFaxes(ctx, 1, { fields: { FaxStatus: 'recvIncomplete' } });
			const bob = inboundFaxes(ctx, 2, { userId: SEED_USERS.bob.userId });
			return {
				E2E_ALICE: [...alice, incomplete].join(','),
				E2E_INCOMPLETE: String(incomplete),
				E2E_BOB: bob.join(','),
			};
		},
		check(result) {
			const alice = idsOf(result, 'E2E_ALICE');
			const [aliceIncomplete] = idsOf(result, 'E2E_INCOMPLETE');
			const bob = idsOf(result, 'E2E_BOB');
			// Other cases may have left faxes of their own: these are judged by the case's faxes.
			const own = jsonOf(result.items('Own Faxes'));
			const ownIds = own.map((f) => Number(f.FaxId));
			const hers = ownIds.filter((id) => alice.includes(id));
			assert.deepEqual(hers, alice, 'her faxes, in the order received');
			assert.ok(own.every((f) => f.FaxUserId === SEED_USERS.alice.userId));
			assert.ok(!ownIds.some((id) => bob.includes(id)));
			const allIds = jsonOf(result.items('All Users')).map((f) => Number(f.FaxId));
			assertDescending(allIds, 'newest id first');
			const theirs = allIds.filter((id) => alice.includes(id) || bob.includes(id));
			const newestFirst = [...alice, ...bob].sort((a, b) => b - a);
			assert.deepEqual(theirs, newestFirst, 'every user of the organization');
			const proxy = result.requests.find((r) => r.auth.userId === SEED_USERS.acmeAdmin.userId);
			assertFields(proxy?.params ?? {}, { FaxUserId: '*', SortOrder: 'desc' });
			const incomplete = rowsOf(jsonOf(result.items('Incomplete, Limit 1')), 'FaxId', 'FaxStatus');
			assert.deepEqual(incomplete, [[aliceIncomplete, 'recvIncomplete']]);
		},
	},
	{
		title: 'Inbound fax: get',
		workflow: 'inbound-get.json',
		prepare: receivedFax,
		check(result, ctx) {
			const id = faxIdOf(result);
			onlyRequest(result.requests, 'GET', `/v1/inboundfaxes/${id}`);
			const [fax] = jsonOf(result.items('Get Fax'));
			const truth = inboundRecord(ctx, id);
			assertFields(fax, {
				FaxId: id,
				FaxStatus: 'recvOk',
				TSI: truth.TSI,
				PagesReceived: Number(truth.PagesReceived),
				Mark: false,
			});
			assert.equal(Date.parse(String(fax.ReceivedTime)), Date.parse(String(truth.ReceivedTime)));
		},
	},
	{
		title: 'Inbound fax: download as PDF',
		workflow: 'inbound-download.json',
		prepare: receivedFax,
		check(result) {
			const id = faxIdOf(result);
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
		prepare: receivedFax,
		check(result, ctx) {
			const id = faxIdOf(result);
			onlyRequest(result.requests, 'PUT', `/v1/inboundfaxes/${id}`);
			const update = { ProjectCode: 'ACC-42', ProjectCode2: 'invoices', Mark: 'true' };
			assertFields(jsonOf(result.items('Update Fax'))[0], { FaxId: id, success: true });
			assertFields(inboundRecord(ctx, id), update, 'the service holds the update');
		},
	},
	...markCases(
		'inbound',
		(ctx) => inboundFaxes(ctx, 1)[0],
		(ctx, id) => inboundRecord(ctx, id).Mark,
	),
	{
		title: 'Inbound fax: delete',
		workflow: 'inbound-delete.json',
		prepare: receivedFax,
		check(result, ctx) {
			const id = faxIdOf(result);
			assert.equal(onlyRequest(result.requests, 'DELETE', `/v1/inboundfaxes/${id}`).status, 201);
			assert.deepEqual(jsonOf(result.items('Delete Fax')), [
				{ FaxId: id, deleted: true, success: true },
			]);
			assert.equal(inboundRecord(ctx, id).deleted, true);
		},
	},
];

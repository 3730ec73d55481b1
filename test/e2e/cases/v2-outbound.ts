import { assert, jsonOf, requestsTo } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase } from '../lib/types';
import * as v2Fax from './v2-fax-cases';
import { getAsAlice, outboundFaxes } from './fixtures';

const resource = 'outboundFax';

export const v2OutboundCases: E2eCase[] = [
	{
		title: 'v2 outbound fax: send text, and send once with a key',
		workflow: 'test/e2e/workflows/v2/outbound-send.json',
		prepare: () => ({ E2E_SEND_ONCE_KEY: `v2-send-${process.pid}-${Date.now()}` }),
		check(result) {
			const sends = requestsTo(result.requests, 'POST', '/v1/outboundfaxes');
			assert.equal(sends.length, 2);
			const plain = jsonOf(result.items('Send Text'));
			const once = jsonOf(result.items('Send Once'));

			assert.deepEqual(
				[...plain, ...once].map((f) => f.FaxNumber),
				['12125550000', '12125550000'],
			);
			assert.equal(plain[0].sendOnce, undefined);
			assert.equal(once[0].sendOnce, 'sent');
			assertMatchesSchema([...plain, ...once], {
				version: 2,
				resource,
				operation: 'send',
				// Only a later run of the same node, finding its key's fax, returns the fax as it is now.
				absent: ['FaxStatus', 'CreateTime'],
			});
		},
	},
	v2Fax.getCase(
		'outbound',
		(ctx) => outboundFaxes(ctx, 3),
		10,
		(fax) => assert.equal(fax.FaxStatus, 'sent'),
	),
	{
		title: 'v2 outbound fax: get many of a batch, simplified, whole, and of two statuses by Fax ID',
		workflow: 'test/e2e/workflows/v2/outbound-get-many.json',
		prepare(ctx) {
			const batch = `v2-batch-${Date.now()}`;
			outboundFaxes(ctx, 9, { batchName: batch, statuses: ['sent', 'sendFailed', 'scheduled'] });
			return { E2E_BATCH: batch };
		},
		check(result) {
			const searches = requestsTo(result.requests, 'GET', '/v1/outboundfaxes');
			assert.deepEqual(
				searches.map((r) => String(r.params.FaxStatus ?? '')).sort(),
				['', '', 'scheduled', 'sendFailed'],
				'one search per status',
			);
			const listed = jsonOf(result.items('Failed or Scheduled'));
			assert.equal(listed.length, 5);
			const ids = listed.map((fax) => Number(fax.FaxId));
			assert.deepEqual(
				ids,
				[...ids].sort((a, b) => b - a),
				'sorted by Fax ID, descending',
			);
			assert.ok(listed.every((fax) => ['sendFailed', 'scheduled'].includes(String(fax.FaxStatus))));
			const simple = jsonOf(result.items('Simplified'));
			const whole = jsonOf(result.items('Whole Records'));
			assert.equal(simple.length, 2);
			v2Fax.assertSimplifiedAndWhole('outbound', simple, whole);
		},
	},
	v2Fax.downloadCase(
		'outbound',
		(ctx) => outboundFaxes(ctx, 3),
		(id) => `fax-${id}.pdf`,
	),
	v2Fax.deleteCase(
		'outbound',
		(ctx) => outboundFaxes(ctx, 3),
		async (ctx, id, node) => {
			const res = await getAsAlice(ctx, `/outboundfaxes/${id}`);
			assert.equal(res.status, 404, `${node}: the fax is gone`);
		},
	),
	...v2Fax.markCases(
		'outbound',
		(ctx, marked) => outboundFaxes(ctx, 3, { mark: marked }),
		(ctx, id) => ctx.emulator.control.outboundFax(id)?.Mark,
	),
	v2Fax.operationCase(
		'outbound',
		'resend',
		`resend failed faxes, ${v2Fax.PICKED}`,
		(ctx) => outboundFaxes(ctx, 3, { statuses: ['sendFailed'] }),
		{
			method: 'POST',
			suffix: '/resend',
			eachPicked([fax], node, id, ctx) {
				assert.equal(fax.FaxNumber, '13125550000', node);
				assert.notEqual(fax.FaxId, id);
				assert.equal(ctx.emulator.control.outboundFax(Number(fax.FaxId))?.FaxNumber, '13125550000');
			},
		},
	),
];

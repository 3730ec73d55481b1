import { assert, jsonOf, onlyRequest } from '../lib/assert';
import type { E2eCase, E2eContext } from '../lib/types';
import * as v2Fax from './v2-fax-cases';
import { inboundFaxes, inboundRecord, markFax, unmarkOtherInbound } from './fixtures';

export const v2InboundCases: E2eCase[] = [
	v2Fax.getCase('inbound', (ctx) => inboundFaxes(ctx, 3), 5),
	{
		title: 'v2 inbound fax: get many marked faxes, simplified and whole',
		workflow: 'test/e2e/workflows/v2/inbound-get-many.json',
		async prepare(ctx) {
			await unmarkOtherInbound(ctx);
			return { E2E_IDS: (await markedInbound(ctx, 2, true)).join(',') };
		},
		check(result) {
			const mine = String(result.start().E2E_IDS).split(',').map(Number);
			const simple = jsonOf(result.items('Simplified'));
			const whole = jsonOf(result.items('Whole Records'));
			assert.deepEqual(
				simple.map((f) => Number(f.FaxId)).sort(),
				mine.sort(),
				'the two newest marked faxes',
			);
			assert.ok(whole.every((f) => f.Mark === true));
			v2Fax.assertSimplifiedAndWhole('inbound', simple, whole);
		},
	},
	v2Fax.downloadCase('inbound', (ctx) => inboundFaxes(ctx, 3)),
	v2Fax.operationCase(
		'inbound',
		'update',
		`update, ${v2Fax.PICKED}`,
		(ctx) => inboundFaxes(ctx, 3),
		{
			method: 'PUT',
			eachPicked([out], node, id, ctx, result) {
				const put = onlyRequest(result.requests, 'PUT', `/v1/inboundfaxes/${id}`);
				assert.equal(put.params.ProjectCode, 'ACC-42');
				assert.equal(put.params.Mark, 'true');
				assert.equal(out.FaxId, id);
				assert.equal(inboundRecord(ctx, id).ProjectCode2, 'invoices', node);
			},
		},
	),
	v2Fax.deleteCase(
		'inbound',
		(ctx) => inboundFaxes(ctx, 3),
		(ctx, id, node) => assert.equal(inboundRecord(ctx, id).deleted, true, node),
	),
	...v2Fax.markCases(
		'inbound',
		(ctx, marked) => markedInbound(ctx, 3, marked),
		(ctx, id) => inboundRecord(ctx, id).Mark,
	),
];

/** Faxes received for alice, marked or not (marked as her own client would, through the service). */
async function markedInbound(ctx: E2eContext, count: number, mark: boolean): Promise<number[]> {
	const ids = inboundFaxes(ctx, count);
	if (mark) await Promise.all(ids.map((id) => markFax(ctx, 'inbound', id)));
	return ids;
}

import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { assert, jsonOf, onlyRequest, requestsTo } from '../lib/assert';
import type { E2eCase } from '../lib/types';

/** Fields version 2's Simplify keeps of an outbound fax. */
const SIMPLE_OUTBOUND = new Set(SIMPLIFIED_FAX_FIELDS.outbound);

export const editorV2Cases: E2eCase[] = [
	{
		title: 'Version 2: Fax ID pickers, Simplify, several statuses, Sort and Download details',
		workflow: 'v2-pickers-and-simplify.json',
		prepare(ctx) {
			const { lastId } = ctx.emulator.control.bulkCreateOutbound(12, {
				userId: 'alice@acme',
				statuses: ['sent', 'sendFailed', 'scheduled'],
			});
			const [inbound] = ctx.emulator.control.injectInbound({ userId: 'alice@acme' });
			ctx.state.set('v2', { lastId, inboundId: Number(inbound.FaxId) });
			return { E2E_FAX_ID: String(lastId), E2E_INBOUND_ID: String(inbound.FaxId) };
		},
		check(result, ctx) {
			const { lastId, inboundId } = ctx.state.get('v2') as { lastId: number; inboundId: number };

			const [simple] = jsonOf(result.items('Get Fax'));
			assert.equal(simple.FaxId, lastId);
			assert.ok(
				Object.keys(simple).every((key) => SIMPLE_OUTBOUND.has(key)),
				`Simplify kept only its fields: ${Object.keys(simple).join(', ')}`,
			);
			const [whole] = jsonOf(result.items('Get Whole Fax'));
			assert.equal(whole.FaxId, lastId);
			assert.ok(Object.keys(whole).length > 30, 'Simplify off returns the whole record');

			const listed = jsonOf(result.items('Failed or Scheduled'));
			assert.equal(listed.length, 5);
			const ids = listed.map((fax) => Number(fax.FaxId));
			assert.deepEqual(
				ids,
				[...ids].sort((a, b) => b - a),
				'sorted by Fax ID, descending',
			);
			assert.ok(listed.every((fax) => ['sendFailed', 'scheduled'].includes(String(fax.FaxStatus))));
			const searches = requestsTo(result.requests, 'GET', '/v1/outboundfaxes');
			assert.deepEqual(
				searches.map((r) => r.params.FaxStatus),
				['sendFailed', 'scheduled'],
				'one search per status',
			);

			const [download] = result.items('Download Inbound');
			assert.equal(download.json.FaxId, inboundId, 'the fax record is in json');
			assert.equal(download.binary?.data?.mimeType, 'application/pdf');
			onlyRequest(result.requests, 'GET', `/v1/inboundfaxes/${inboundId}`);

			const [bad] = jsonOf(result.items('Bad Fax ID'));
			assert.match(String(bad.error), /^Invalid "Fax ID": "fax-12"/);
		},
	},
];

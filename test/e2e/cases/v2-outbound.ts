import { basicAuthorization, SEED_USERS } from '../../../emulator';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { assert, jsonOf, onlyRequest, requestsTo } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase, RunResult } from '../lib/types';
import { pickedIds, pickerCase, requestLines } from './v2-support';
import { outboundFaxes } from './fixtures';

const SIMPLE = SIMPLIFIED_FAX_FIELDS.outbound;
const resource = 'outboundFax';

/** Every picker node sent exactly `method path` for its own fax, and nothing else was sent. */
function assertOneRequestEach(result: RunResult, method: string, suffix = ''): void {
	assert.deepEqual(
		requestLines(result.requests),
		pickedIds(result)
			.map(([, id]) => `${method} /v1/outboundfaxes/${id}${suffix}`)
			.sort(),
	);
}

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
	pickerCase({
		title: 'v2 outbound fax: get, picked from the list, by ID (whole record) and by expression',
		workflow: 'test/e2e/workflows/v2/outbound-get.json',
		resource,
		operation: 'get',
		fixture: (ctx) => outboundFaxes(ctx, 3),
		check(result) {
			assertOneRequestEach(result, 'GET');
			for (const [node, id] of pickedIds(result)) {
				const [fax] = jsonOf(result.items(node));
				assert.equal(fax.FaxId, id, node);
				assert.equal(fax.FaxStatus, 'sent');
			}
			const simple = ['From List', 'Expression'].flatMap((n) => jsonOf(result.items(n)));
			for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLE, 'Simplify on');
			assertMatchesSchema(simple, { version: 2, resource, operation: 'get' });
			const whole = jsonOf(result.items('By ID'));
			assert.ok(Object.keys(whole[0]).length > SIMPLE.length + 10, 'Simplify off: the record');
			// Simplify off gives what version 1's Get gave.
			assertMatchesSchema(whole, { version: 1, resource, operation: 'get' });
		},
	}),
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
			assert.deepEqual(
				simple.map((f) => f.FaxId),
				whole.map((f) => f.FaxId),
			);
			for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLE);
			assertMatchesSchema(simple, { version: 2, resource, operation: 'getAll' });
			assertMatchesSchema(whole, { version: 1, resource, operation: 'getAll' });
		},
	},
	pickerCase({
		title: 'v2 outbound fax: download, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/outbound-download.json',
		resource,
		operation: 'download',
		fixture: (ctx) => outboundFaxes(ctx, 3),
		check(result) {
			for (const [node, id] of pickedIds(result)) {
				onlyRequest(result.requests, 'GET', `/v1/outboundfaxes/${id}/image`);
				const [item] = result.items(node);
				assert.equal(item.json.FaxId, id, `${node}: the fax record is the json`);
				assert.equal(item.binary?.data?.mimeType, 'application/pdf');
				assert.equal(item.binary?.data?.fileName, `fax-${id}.pdf`);
			}
			const records = pickedIds(result).flatMap(([node]) => jsonOf(result.items(node)));
			assertMatchesSchema(records, { version: 2, resource, operation: 'download' });
		},
	}),
	pickerCase({
		title: 'v2 outbound fax: delete, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/outbound-delete.json',
		resource,
		operation: 'delete',
		fixture: (ctx) => outboundFaxes(ctx, 3),
		async check(result, ctx) {
			assertOneRequestEach(result, 'DELETE');
			for (const [node, id] of pickedIds(result)) {
				assert.deepEqual(jsonOf(result.items(node)), [{ FaxId: id, deleted: true, success: true }]);
				const res = await fetch(`${ctx.emulator.urls.fax}/outboundfaxes/${id}`, {
					headers: { authorization: basicAuthorization(SEED_USERS.alice) },
				});
				assert.equal(res.status, 404, `${node}: the fax is gone`);
			}
			const records = pickedIds(result).flatMap(([node]) => jsonOf(result.items(node)));
			assertMatchesSchema(records, { version: 2, resource, operation: 'delete' });
		},
	}),
	...(['mark', 'unmark'] as const).map((operation) =>
		pickerCase({
			title: `v2 outbound fax: ${operation}, picked from the list, by ID and by expression`,
			workflow: `test/e2e/workflows/v2/outbound-${operation}.json`,
			resource,
			operation,
			fixture: (ctx) => outboundFaxes(ctx, 3, { mark: operation === 'unmark' }),
			check(result, ctx) {
				assertOneRequestEach(result, 'PUT');
				const mark = operation === 'mark';
				for (const [node, id] of pickedIds(result)) {
					assert.deepEqual(jsonOf(result.items(node)), [{ FaxId: id, Mark: mark, success: true }]);
					assert.equal(ctx.emulator.control.outboundFax(id)?.Mark, String(mark), node);
				}
				const records = pickedIds(result).flatMap(([node]) => jsonOf(result.items(node)));
				assertMatchesSchema(records, { version: 2, resource, operation });
			},
		}),
	),
	pickerCase({
		title: 'v2 outbound fax: resend failed faxes, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/outbound-resend.json',
		resource,
		operation: 'resend',
		fixture: (ctx) => outboundFaxes(ctx, 3, { statuses: ['sendFailed'] }),
		check(result, ctx) {
			assertOneRequestEach(result, 'POST', '/resend');
			for (const [node, id] of pickedIds(result)) {
				const [fax] = jsonOf(result.items(node));
				assert.equal(fax.FaxNumber, '13125550000', node);
				assert.notEqual(fax.FaxId, id);
				assert.equal(ctx.emulator.control.outboundFax(Number(fax.FaxId))?.FaxNumber, '13125550000');
			}
			const records = pickedIds(result).flatMap(([node]) => jsonOf(result.items(node)));
			assertMatchesSchema(records, { version: 2, resource, operation: 'resend' });
		},
	}),
];

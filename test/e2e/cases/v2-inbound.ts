import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase, E2eContext, RunResult } from '../lib/types';
import { pickedIds, pickerCase, requestLines } from './v2-support';
import { inboundFaxes, markFax, unmarkOtherInbound } from './fixtures';

const SIMPLE = SIMPLIFIED_FAX_FIELDS.inbound;
const resource = 'inboundFax';

function assertOneRequestEach(result: RunResult, method: string): void {
	assert.deepEqual(
		requestLines(result.requests),
		pickedIds(result)
			.map(([, id]) => `${method} /v1/inboundfaxes/${id}`)
			.sort(),
	);
}

function truth(ctx: E2eContext, id: number) {
	const fax = ctx.emulator.control.inboundAll().find((f) => Number(f.FaxId) === id);
	if (!fax) throw new Error(`the emulator has no inbound fax ${id}`);
	return fax;
}

const outputsOf = (result: RunResult) =>
	pickedIds(result).flatMap(([node]) => jsonOf(result.items(node)));

export const v2InboundCases: E2eCase[] = [
	pickerCase({
		title: 'v2 inbound fax: get, picked from the list, by ID (whole record) and by expression',
		workflow: 'test/e2e/workflows/v2/inbound-get.json',
		resource,
		operation: 'get',
		fixture: (ctx) => inboundFaxes(ctx, 3),
		check(result) {
			assertOneRequestEach(result, 'GET');
			for (const [node, id] of pickedIds(result)) {
				assert.equal(jsonOf(result.items(node))[0].FaxId, id, node);
			}
			const simple = ['From List', 'Expression'].flatMap((n) => jsonOf(result.items(n)));
			for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLE, 'Simplify on');
			assertMatchesSchema(simple, { version: 2, resource, operation: 'get' });
			const whole = jsonOf(result.items('By ID'));
			assert.ok(Object.keys(whole[0]).length > SIMPLE.length + 5, 'Simplify off: the record');
			assertMatchesSchema(whole, { version: 1, resource, operation: 'get' });
		},
	}),
	{
		title: 'v2 inbound fax: get many marked faxes, simplified and whole',
		workflow: 'test/e2e/workflows/v2/inbound-get-many.json',
		async prepare(ctx) {
			await unmarkOtherInbound(ctx);
			return { E2E_IDS: (await markedInbound(ctx, 2, true)).join(',') };
		},
		check(result) {
			const [start] = jsonOf(result.items('Start'));
			const mine = String(start.E2E_IDS).split(',').map(Number);
			const simple = jsonOf(result.items('Simplified'));
			const whole = jsonOf(result.items('Whole Records'));
			assert.deepEqual(
				simple.map((f) => Number(f.FaxId)).sort(),
				mine.sort(),
				'the two newest marked faxes',
			);
			assert.deepEqual(
				simple.map((f) => f.FaxId),
				whole.map((f) => f.FaxId),
			);
			for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLE);
			assert.ok(whole.every((f) => f.Mark === true));
			assertMatchesSchema(simple, { version: 2, resource, operation: 'getAll' });
			assertMatchesSchema(whole, { version: 1, resource, operation: 'getAll' });
		},
	},
	pickerCase({
		title: 'v2 inbound fax: download, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/inbound-download.json',
		resource,
		operation: 'download',
		fixture: (ctx) => inboundFaxes(ctx, 3),
		check(result) {
			for (const [node, id] of pickedIds(result)) {
				onlyRequest(result.requests, 'GET', `/v1/inboundfaxes/${id}/image`);
				const [item] = result.items(node);
				assert.equal(item.json.FaxId, id, `${node}: the fax record is the json`);
				assert.equal(item.binary?.data?.mimeType, 'application/pdf');
			}
			assertMatchesSchema(outputsOf(result), { version: 2, resource, operation: 'download' });
		},
	}),
	pickerCase({
		title: 'v2 inbound fax: update, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/inbound-update.json',
		resource,
		operation: 'update',
		fixture: (ctx) => inboundFaxes(ctx, 3),
		check(result, ctx) {
			assertOneRequestEach(result, 'PUT');
			for (const [node, id] of pickedIds(result)) {
				const put = onlyRequest(result.requests, 'PUT', `/v1/inboundfaxes/${id}`);
				assert.equal(put.params.ProjectCode, 'ACC-42');
				assert.equal(put.params.Mark, 'true');
				const [out] = jsonOf(result.items(node));
				assert.equal(out.FaxId, id);
				assert.equal(truth(ctx, id).ProjectCode2, 'invoices', node);
			}
			assertMatchesSchema(outputsOf(result), { version: 2, resource, operation: 'update' });
		},
	}),
	pickerCase({
		title: 'v2 inbound fax: delete, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/inbound-delete.json',
		resource,
		operation: 'delete',
		fixture: (ctx) => inboundFaxes(ctx, 3),
		check(result, ctx) {
			assertOneRequestEach(result, 'DELETE');
			for (const [node, id] of pickedIds(result)) {
				assert.deepEqual(jsonOf(result.items(node)), [{ FaxId: id, deleted: true, success: true }]);
				assert.equal(truth(ctx, id).deleted, true, node);
			}
			assertMatchesSchema(outputsOf(result), { version: 2, resource, operation: 'delete' });
		},
	}),
	...(['mark', 'unmark'] as const).map((operation) =>
		pickerCase({
			title: `v2 inbound fax: ${operation}, picked from the list, by ID and by expression`,
			workflow: `test/e2e/workflows/v2/inbound-${operation}.json`,
			resource,
			operation,
			fixture: (ctx) => markedInbound(ctx, 3, operation === 'unmark'),
			check(result, ctx) {
				assertOneRequestEach(result, 'PUT');
				const mark = operation === 'mark';
				for (const [node, id] of pickedIds(result)) {
					assert.deepEqual(jsonOf(result.items(node)), [{ FaxId: id, Mark: mark, success: true }]);
					assert.equal(truth(ctx, id).Mark, String(mark), node);
				}
				assertMatchesSchema(outputsOf(result), { version: 2, resource, operation });
			},
		}),
	),
];

/** Faxes received for alice, marked or not (marked as her own client would, through the service). */
async function markedInbound(ctx: E2eContext, count: number, mark: boolean): Promise<number[]> {
	const ids = inboundFaxes(ctx, count);
	if (mark) await Promise.all(ids.map((id) => markFax(ctx, 'inbound', id)));
	return ids;
}

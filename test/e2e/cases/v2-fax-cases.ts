/**
 * The version 2 cases of inbound and outbound faxes. Most are the same case for both directions:
 * one workflow per direction (workflows/v2/<direction>-<operation>.json) and the same checks, with
 * what differs between the directions' records passed in.
 */
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { assert, assertDescending, jsonOf, onlyRequest, requestsTo, valuesOf } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase, E2eContext } from '../lib/run-cases';
import { pickerCase } from './v2-support';
import {
	inboundFaxes,
	inboundRecord,
	markFax,
	outboundFaxes,
	statusForAlice,
	unmarkOtherInbound,
} from './fixtures';

type Direction = 'inbound' | 'outbound';
type Fixture = (ctx: E2eContext) => Promise<number[]> | number[];

const resourceOf = (direction: Direction) => `${direction}Fax` as const;

/**
 * A picker case of a fax operation, "v2 <direction> fax: <what>"; with `method` (and `suffix`),
 * each picker node sent just its own request, METHOD /v1/<direction>faxes/<id><suffix>.
 */
function operationCase(
	direction: Direction,
	operation: string,
	fixture: Fixture,
	options: Pick<Parameters<typeof pickerCase>[0], 'eachPicked' | 'check' | 'schema'> & {
		what?: string;
		method?: string;
		suffix?: string;
	},
): E2eCase {
	const { what = `${operation}, picked from the list, by ID and by expression` } = options;
	const { method, suffix = '' } = options;
	return pickerCase({
		...options,
		title: `v2 ${direction} fax: ${what}`,
		workflow: `test/e2e/workflows/v2/${direction}-${operation}.json`,
		resource: resourceOf(direction),
		operation,
		fixture,
		requestLine: method ? (id) => `${method} /v1/${direction}faxes/${id}${suffix}` : undefined,
	});
}

/**
 * Get: From List and Expression (Simplify on) give the simplified fields; By ID (off) the whole
 * record, as version 1's Get did: over `wholeExtraFields` fields beyond the simplified ones.
 */
function getCase(
	direction: Direction,
	fixture: Fixture,
	wholeExtraFields: number,
	sameFax: (fax: Record<string, unknown>) => void = () => undefined,
): E2eCase {
	const resource = resourceOf(direction);
	const SIMPLE = SIMPLIFIED_FAX_FIELDS[direction];
	return operationCase(direction, 'get', fixture, {
		what: 'get, picked from the list, by ID (whole record) and by expression',
		method: 'GET',
		schema: false,
		eachPicked([fax], node, id) {
			assert.equal(fax.FaxId, id, node);
			sameFax(fax);
		},
		check(result) {
			const simple = ['From List', 'Expression'].flatMap((n) => jsonOf(result.items(n)));
			for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLE, 'Simplify on');
			assertMatchesSchema(simple, { version: 2, resource, operation: 'get' });
			const whole = jsonOf(result.items('By ID'));
			assert.ok(
				Object.keys(whole[0]).length > SIMPLE.length + wholeExtraFields,
				'Simplify off: the record',
			);
			assertMatchesSchema(whole, { version: 1, resource, operation: 'get' });
		},
	});
}

/** Get many: the simplified and whole lists hold the same faxes, each in its own shape. */
function assertSimplifiedAndWhole(
	direction: Direction,
	simple: Array<Record<string, unknown>>,
	whole: Array<Record<string, unknown>>,
): void {
	const resource = resourceOf(direction);
	assert.deepEqual(valuesOf(simple, 'FaxId'), valuesOf(whole, 'FaxId'));
	for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLIFIED_FAX_FIELDS[direction]);
	assertMatchesSchema(simple, { version: 2, resource, operation: 'getAll' });
	assertMatchesSchema(whole, { version: 1, resource, operation: 'getAll' });
}

/** Download: each picker node reads its own fax's image, a PDF, with the fax record as json. */
function downloadCase(direction: Direction, fixture: Fixture, fileName?: (id: number) => string) {
	return operationCase(direction, 'download', fixture, {
		eachPicked(_, node, id, _ctx, result) {
			onlyRequest(result.requests, 'GET', `/v1/${direction}faxes/${id}/image`);
			const [item] = result.items(node);
			assert.equal(item.json.FaxId, id, `${node}: the fax record is the json`);
			assert.equal(item.binary?.data?.mimeType, 'application/pdf');
			if (fileName) assert.equal(item.binary?.data?.fileName, fileName(id));
		},
	});
}

/** Delete: one DELETE per picker node, its fax gone from the service (`assertGone`). */
function deleteCase(
	direction: Direction,
	fixture: Fixture,
	assertGone: (ctx: E2eContext, id: number, node: string) => Promise<void> | void,
): E2eCase {
	return operationCase(direction, 'delete', fixture, {
		method: 'DELETE',
		async eachPicked(items, node, id, ctx) {
			assert.deepEqual(items, [{ FaxId: id, deleted: true, success: true }]);
			await assertGone(ctx, id, node);
		},
	});
}

/** Mark and Unmark: one PUT per picker node; `storedMark` reads the service's record of a fax. */
function markCases(
	direction: Direction,
	fixture: (ctx: E2eContext, marked: boolean) => Promise<number[]> | number[],
	storedMark: (ctx: E2eContext, id: number) => unknown,
): E2eCase[] {
	return [true, false].map((mark) =>
		operationCase(direction, mark ? 'mark' : 'unmark', (ctx) => fixture(ctx, !mark), {
			method: 'PUT',
			eachPicked(items, node, id, ctx) {
				assert.deepEqual(items, [{ FaxId: id, Mark: mark, success: true }]);
				assert.equal(storedMark(ctx, id), String(mark), node);
			},
		}),
	);
}

/** Faxes received for alice, marked or not (marked as her own client would, through the service). */
async function markedInbound(ctx: E2eContext, count: number, mark: boolean): Promise<number[]> {
	const ids = inboundFaxes(ctx, count);
	if (mark) await Promise.all(ids.map((id) => markFax(ctx, 'inbound', id)));
	return ids;
}

export const v2InboundCases: E2eCase[] = [
	getCase('inbound', (ctx) => inboundFaxes(ctx, 3), 5),
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
			const simpleIds = simple.map((f) => Number(f.FaxId)).sort();
			assert.deepEqual(simpleIds, mine.sort(), 'the two newest marked faxes');
			assert.ok(whole.every((f) => f.Mark === true));
			assertSimplifiedAndWhole('inbound', simple, whole);
		},
	},
	downloadCase('inbound', (ctx) => inboundFaxes(ctx, 3)),
	operationCase('inbound', 'update', (ctx) => inboundFaxes(ctx, 3), {
		method: 'PUT',
		eachPicked([out], node, id, ctx) {
			assert.equal(out.FaxId, id);
			const { ProjectCode, ProjectCode2, Mark } = inboundRecord(ctx, id);
			assert.deepEqual([ProjectCode, ProjectCode2, Mark], ['ACC-42', 'invoices', 'true'], node);
		},
	}),
	deleteCase(
		'inbound',
		(ctx) => inboundFaxes(ctx, 3),
		(ctx, id, node) => assert.equal(inboundRecord(ctx, id).deleted, true, node),
	),
	...markCases(
		'inbound',
		(ctx, marked) => markedInbound(ctx, 3, marked),
		(ctx, id) => inboundRecord(ctx, id).Mark,
	),
];

export const v2OutboundCases: E2eCase[] = [
	{
		title: 'v2 outbound fax: send text, and send once with a key',
		workflow: 'test/e2e/workflows/v2/outbound-send.json',
		prepare: () => ({ E2E_SEND_ONCE_KEY: `v2-send-${process.pid}-${Date.now()}` }),
		check(result) {
			assert.equal(requestsTo(result.requests, 'POST', '/v1/outboundfaxes').length, 2);
			const plain = jsonOf(result.items('Send Text'));
			const once = jsonOf(result.items('Send Once'));
			assert.deepEqual(valuesOf([...plain, ...once], 'FaxNumber'), ['12125550000', '12125550000']);
			assert.equal(plain[0].sendOnce, undefined);
			assert.equal(once[0].sendOnce, 'sent');
			assertMatchesSchema([...plain, ...once], {
				version: 2,
				resource: 'outboundFax',
				operation: 'send',
				// Only a later run of the same node, finding its key's fax, returns the fax as it is now.
				absent: ['FaxStatus', 'CreateTime'],
			});
		},
	},
	getCase(
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
			const statuses = searches.map((r) => String(r.params.FaxStatus ?? '')).sort();
			assert.deepEqual(statuses, ['', '', 'scheduled', 'sendFailed'], 'one search per status');
			const listed = jsonOf(result.items('Failed or Scheduled'));
			assert.equal(listed.length, 5);
			assertDescending(valuesOf(listed, 'FaxId').map(Number), 'sorted by Fax ID, descending');
			assert.ok(listed.every((fax) => ['sendFailed', 'scheduled'].includes(String(fax.FaxStatus))));
			const simple = jsonOf(result.items('Simplified'));
			assert.equal(simple.length, 2);
			assertSimplifiedAndWhole('outbound', simple, jsonOf(result.items('Whole Records')));
		},
	},
	downloadCase(
		'outbound',
		(ctx) => outboundFaxes(ctx, 3),
		(id) => `fax-${id}.pdf`,
	),
	deleteCase(
		'outbound',
		(ctx) => outboundFaxes(ctx, 3),
		async (ctx, id, node) => {
			const status = await statusForAlice(ctx, `/outboundfaxes/${id}`);
			assert.equal(status, 404, `${node}: the fax is gone`);
		},
	),
	...markCases(
		'outbound',
		(ctx, marked) => outboundFaxes(ctx, 3, { mark: marked }),
		(ctx, id) => ctx.emulator.control.outboundFax(id)?.Mark,
	),
	operationCase(
		'outbound',
		'resend',
		(ctx) => outboundFaxes(ctx, 3, { statuses: ['sendFailed'] }),
		{
			what: 'resend failed faxes, picked from the list, by ID and by expression',
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

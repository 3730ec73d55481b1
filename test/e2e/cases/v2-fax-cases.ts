/**
 * The version 2 cases that inbound and outbound faxes share: one workflow per direction
 * (test/e2e/workflows/v2/<direction>-<operation>.json) and the same checks, apart from what the
 * caller passes for what differs between the directions' records.
 */
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase, E2eContext } from '../lib/types';
import { pickerCase } from './v2-support';

export type Direction = 'inbound' | 'outbound';
type Fixture = (ctx: E2eContext) => Promise<number[]> | number[];
type PickerOptions = Parameters<typeof pickerCase>[0];

const resourceOf = (direction: Direction) =>
	direction === 'inbound' ? 'inboundFax' : 'outboundFax';

/** How most picker cases are titled, after the operation. */
export const PICKED = 'picked from the list, by ID and by expression';

/**
 * A picker case of a fax operation: "v2 <direction> fax: <what>, picked…", its workflow by
 * operation; `method` and `suffix`: each picker node's one request, METHOD /v1/<direction>faxes/<id><suffix>.
 */
export function operationCase(
	direction: Direction,
	operation: string,
	what: string,
	fixture: Fixture,
	options: Pick<PickerOptions, 'eachPicked' | 'check' | 'schema'> & {
		method?: string;
		suffix?: string;
	},
): E2eCase {
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
 * Get: From List and Expression with Simplify on give the simplified fields; By ID with it off
 * gives the whole record (more than `wholeExtraFields` fields beyond the simplified ones), which is
 * what version 1's Get gave.
 */
export function getCase(
	direction: Direction,
	fixture: Fixture,
	wholeExtraFields: number,
	sameFax: (fax: Record<string, unknown>) => void = () => undefined,
): E2eCase {
	const resource = resourceOf(direction);
	const SIMPLE = SIMPLIFIED_FAX_FIELDS[direction];
	const what = 'get, picked from the list, by ID (whole record) and by expression';
	return operationCase(direction, 'get', what, fixture, {
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
export function assertSimplifiedAndWhole(
	direction: Direction,
	simple: Array<Record<string, unknown>>,
	whole: Array<Record<string, unknown>>,
): void {
	const resource = resourceOf(direction);
	assert.deepEqual(
		simple.map((f) => f.FaxId),
		whole.map((f) => f.FaxId),
	);
	for (const fax of simple) assert.deepEqual(Object.keys(fax), SIMPLIFIED_FAX_FIELDS[direction]);
	assertMatchesSchema(simple, { version: 2, resource, operation: 'getAll' });
	assertMatchesSchema(whole, { version: 1, resource, operation: 'getAll' });
}

/** Download: each picker node reads its own fax's image, a PDF, with the fax record as json. */
export function downloadCase(
	direction: Direction,
	fixture: Fixture,
	fileName?: (id: number) => string,
): E2eCase {
	return operationCase(direction, 'download', `download, ${PICKED}`, fixture, {
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
export function deleteCase(
	direction: Direction,
	fixture: Fixture,
	assertGone: (ctx: E2eContext, id: number, node: string) => Promise<void> | void,
): E2eCase {
	return operationCase(direction, 'delete', `delete, ${PICKED}`, fixture, {
		method: 'DELETE',
		async eachPicked(items, node, id, ctx) {
			assert.deepEqual(items, [{ FaxId: id, deleted: true, success: true }]);
			await assertGone(ctx, id, node);
		},
	});
}

/**
 * Mark and Unmark: one PUT per picker node; `fixture` makes faxes marked or not (unmarked for
 * Mark, marked for Unmark) and `storedMark` reads the service's own record of one.
 */
export function markCases(
	direction: Direction,
	fixture: (ctx: E2eContext, marked: boolean) => Promise<number[]> | number[],
	storedMark: (ctx: E2eContext, id: number) => unknown,
): E2eCase[] {
	return (['mark', 'unmark'] as const).map((operation) => {
		const mark = operation === 'mark';
		const fixtureOf = (ctx: E2eContext) => fixture(ctx, !mark);
		return operationCase(direction, operation, `${operation}, ${PICKED}`, fixtureOf, {
			method: 'PUT',
			eachPicked(items, node, id, ctx) {
				assert.deepEqual(items, [{ FaxId: id, Mark: mark, success: true }]);
				assert.equal(storedMark(ctx, id), String(mark), node);
			},
		});
	});
}

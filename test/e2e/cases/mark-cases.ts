/**
 * The Mark and Unmark cases of a fax direction. `newFax` makes an unmarked fax of alice;
 * `storedMark` reads the service's own record of it.
 */
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import type { E2eCase, E2eContext } from '../lib/run-cases';
import { markFax } from './fixtures';

export function markCases(
	direction: 'inbound' | 'outbound',
	newFax: (ctx: E2eContext) => Promise<number> | number,
	storedMark: (ctx: E2eContext, id: number) => unknown,
): E2eCase[] {
	const resource = direction === 'inbound' ? 'Inbound fax' : 'Outbound fax';
	return [true, false].map((mark) => {
		const operation = mark ? 'mark' : 'unmark';
		return {
			title: `${resource}: ${operation}`,
			workflow: `${direction}-${operation}.json`,
			async prepare(ctx) {
				const id = await newFax(ctx);
				if (!mark) await markFax(ctx, direction, id);
				return { E2E_FAX_ID: String(id) };
			},
			check(result, ctx) {
				const id = Number(result.start().E2E_FAX_ID);
				onlyRequest(result.requests, 'PUT', `/v1/${direction}faxes/${id}`);
				assert.deepEqual(jsonOf(result.items(mark ? 'Mark Fax' : 'Unmark Fax')), [
					{ FaxId: id, Mark: mark, success: true },
				]);
				assert.equal(storedMark(ctx, id), String(mark));
			},
		};
	});
}

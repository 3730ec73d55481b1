import type { IExecuteFunctions } from 'n8n-workflow';

import { readItemParameter } from '../../../nodes/shared/runParameters';
import { probeNode, runNode } from '../../harness/jest/run-node';

/** A probe with one collection parameter, Box, that reads it for items 0 to 2 in one run. */
async function readBoxThreeTimes(box: Record<string, unknown>) {
	const seen: unknown[] = [];
	let asRead: unknown[] = [];
	let changeFailed = false;
	const node = probeNode(async function (this: IExecuteFunctions) {
		for (let itemIndex = 0; itemIndex < 3; itemIndex++) {
			seen.push(readItemParameter.call(this, 'box', itemIndex, {}));
		}
		asRead = structuredClone(seen);
		try {
			(seen[0] as Record<string, unknown>).added = true;
		} catch {
			changeFailed = true;
		}
		return [[{ json: {} }]];
	});
	node.description.properties = [
		{
			displayName: 'Box',
			name: 'box',
			type: 'collection',
			default: {},
			options: [
				{ displayName: 'Size', name: 'size', type: 'string', default: '' },
				{ displayName: 'Copies', name: 'copies', type: 'number', default: 1 },
			],
		},
	];
	const result = await runNode({
		node,
		parameters: { box },
		credentials: {},
		items: [{ json: { n: 1 } }, { json: { n: 2 } }, { json: { n: 3 } }],
	});
	expect(result.error).toBeUndefined();
	return { seen, asRead, changeFailed };
}

test('a parameter without expressions is one frozen value for every item of a run', async () => {
	const { seen, asRead, changeFailed } = await readBoxThreeTimes({ size: 'A4' });
	expect(asRead).toEqual([{ size: 'A4' }, { size: 'A4' }, { size: 'A4' }]);
	expect(seen[1]).toBe(seen[0]);
	expect(changeFailed).toBe(true);
});

test('a parameter with an expression anywhere inside is read for each item', async () => {
	const { asRead, changeFailed } = await readBoxThreeTimes({
		size: 'A4',
		copies: '={{ $json.n }}',
	});
	expect(asRead).toEqual([
		{ size: 'A4', copies: 1 },
		{ size: 'A4', copies: 2 },
		{ size: 'A4', copies: 3 },
	]);
	expect(changeFailed).toBe(false);
});

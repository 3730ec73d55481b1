import type { IExecuteFunctions, INodeType } from 'n8n-workflow';

import { credentialsFor } from '../../../harness/jest/emulator';
import { runNode } from '../../../harness/jest/run-node';
import { faxCloudNode, useFaxSuite } from './faxHelpers';
import { succeeded } from '../faxCloudExpect';

const { emulator, requests } = useFaxSuite();

/**
 * The Fax Cloud node, with every getNodeParameter call of a run counted by parameter and item.
 * Reading a parameter resolves its expressions for the item, the node's main cost per item in a
 * bulk send besides the request itself.
 */
const countingNode = (reads: Map<string, number>): INodeType => ({
	description: faxCloudNode.description,
	methods: faxCloudNode.methods,
	async execute(this: IExecuteFunctions) {
		const read = this.getNodeParameter.bind(this) as (...args: unknown[]) => unknown;
		this.getNodeParameter = ((name: string, itemIndex: number, ...rest: unknown[]) => {
			const key = `${name} of item ${itemIndex}`;
			reads.set(key, (reads.get(key) ?? 0) + 1);
			return read(name, itemIndex, ...rest);
		}) as IExecuteFunctions['getNodeParameter'];
		return await faxCloudNode.execute!.call(this);
	},
});

/** Sends 20 text faxes (`order` 0 to 19) to one number, counting the parameter reads of the run. */
async function sendTwentyTexts(options: Record<string, unknown>) {
	const reads = new Map<string, number>();
	await runNode({
		node: countingNode(reads),
		parameters: {
			resource: 'outboundFax',
			operation: 'send',
			content: 'text',
			faxNumbers: '12125550000',
			text: '={{ "Order " + $json.order }}',
			options,
		},
		credentials: credentialsFor(emulator(), 'alice'),
		items: Array.from({ length: 20 }, (_, index) => ({ json: { order: index } })),
	}).then(succeeded);
	return reads;
}

test('a 20-item send reads and checks each item’s parameters once, before the first fax goes out', async () => {
	const reads = await sendTwentyTexts({
		faxDescription: '={{ "order " + $json.order }}',
		priority: 3,
	});

	expect(requests('POST')).toHaveLength(20);
	const item7 = requests('POST').find((request) => request.params.FaxDescription === 'order 7');
	expect(item7).toBeDefined();
	// Every item was read (its options included), and no parameter of any item twice.
	for (let item = 0; item < 20; item++) expect(reads.get(`options of item ${item}`)).toBe(1);
	expect([...reads].filter(([, count]) => count > 1)).toEqual([]);
});

test('parameters without expressions are asked of n8n once per run, not once per item', async () => {
	const reads = await sendTwentyTexts({ priority: 3, faxDescription: 'same for all' });

	const sent = requests('POST');
	expect(sent).toHaveLength(20);
	for (const request of sent) {
		expect(request.params).toMatchObject({
			FaxNumber: '12125550000',
			Priority: '3',
			FaxDescription: 'same for all',
		});
	}
	const readsOf = (name: string) =>
		[...reads].filter(([key]) => key.startsWith(`${name} of item `)).map(([key]) => key);
	expect(readsOf('faxNumbers')).toEqual(['faxNumbers of item 0']);
	expect(readsOf('options')).toEqual(['options of item 0']);
	// The text holds an expression: read for each item.
	expect(readsOf('text')).toHaveLength(20);
});

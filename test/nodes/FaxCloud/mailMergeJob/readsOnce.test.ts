import type { IExecuteFunctions, INodeType } from 'n8n-workflow';

import { credentialsFor } from '../../../harness/jest/emulator';
import { runNode } from '../../../harness/jest/run-node';
import { faxCloudNode, jobItem, useMailMergeSuite } from './mailMergeHelpers';

/**
 * Binary File makes one job per item after checking every item's files: each file is read from
 * n8n's binary store once, for the check, and the job is created from that reading (a file
 * read twice costs its size twice, in memory and, with filesystem binary data, on disk).
 */

const { emulator, template, requests } = useMailMergeSuite(['Fax', 'Name']);

/** The Fax Cloud node, counting the binary reads n8n serves it, per item and field. */
const countingNode = (reads: string[]): INodeType => ({
	description: faxCloudNode.description,
	async execute(this: IExecuteFunctions) {
		const read = this.helpers.getBinaryDataBuffer;
		this.helpers.getBinaryDataBuffer = async (itemIndex, field) => {
			reads.push(`${itemIndex}:${field}`);
			return await read.call(this.helpers, itemIndex, field);
		};
		return await faxCloudNode.execute.call(this);
	},
});

test('Binary File: each item reads its CSV and its template once, checks and job alike', async () => {
	const item = (name: string) => jobItem(`Fax,Name\r\n12125550000,${name}\r\n`, template());
	const reads: string[] = [];
	const result = await runNode({
		node: countingNode(reads),
		parameters: {
			resource: 'mailMergeJob',
			operation: 'create',
			csvSource: 'binary',
			faxNumberColumn: 'Fax',
		},
		credentials: credentialsFor(emulator(), 'alice'),
		items: [item('Ann'), item('Ben'), item('Cid')],
	});

	expect(result.error).toBeUndefined();
	expect(result.items.map(({ json }) => json.ExpectedFaxes)).toEqual([1, 1, 1]);
	expect(requests('POST')).toHaveLength(3);
	expect(reads.sort()).toEqual(['0:csv', '0:data', '1:csv', '1:data', '2:csv', '2:data']);
});

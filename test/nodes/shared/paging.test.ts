import type { IDataObject } from 'n8n-workflow';

import { FaxCloud } from '../../../nodes/FaxCloud/FaxCloud.node';
import { credentialsFor, useEmulator } from '../../harness/jest/emulator';
import { listSearch } from '../../harness/jest/load-options';
import { runFaxCloudResource as runFaxCloud } from '../../harness/jest/fax-cloud-node';

/**
 * The one pager of fax searches (faxCloudPages) against a service whose ResultsReference is a
 * session cursor: the same key on every page of a search. Get Many's Return All and the Fax ID
 * picker read every page.
 */

const emulator = useEmulator({ pagingKeys: 'session' });

/** The FaxIds Get Many returns, after checking it ran without an error. */
async function getManyIds(resource: 'inboundFax' | 'outboundFax', parameters: IDataObject) {
	const result = await runFaxCloud(emulator(), resource, { operation: 'getAll', ...parameters });
	expect(result.error).toBeUndefined();
	return result.items.map((item) => Number(item.json.FaxId));
}

test('Get Many with Return All returns every received fax (450, pages of 100)', async () => {
	const { firstId, lastId } = emulator().control.bulkCreateInbound(450, { userId: 'alice@acme' });
	const ids = await getManyIds('inboundFax', { returnAll: true });
	expect(new Set(ids).size).toBe(450);
	expect(Math.min(...ids)).toBe(firstId);
	expect(Math.max(...ids)).toBe(lastId);
});

test('Get Many with a Limit over several pages returns exactly the Limit', async () => {
	emulator().control.bulkCreateOutbound(300, { userId: 'alice@acme' });
	const ids = await getManyIds('outboundFax', { returnAll: false, limit: 250 });
	expect(new Set(ids).size).toBe(250);
});

test('the Fax ID picker scrolls on with the same token to the last fax', async () => {
	const { firstId } = emulator().control.bulkCreateOutbound(120, { userId: 'alice@acme' });
	const search = (paginationToken?: string) =>
		listSearch({
			node: new FaxCloud(),
			method: 'searchOutboundFaxes',
			parameters: { resource: 'outboundFax', operation: 'get' },
			credentials: credentialsFor(emulator(), 'alice'),
			typeVersion: 2,
			paginationToken,
		});
	const first = await search();
	const second = await search(first.paginationToken);
	expect(second.paginationToken).toBe(first.paginationToken);
	const third = await search(second.paginationToken);
	const values = [first, second, third].flatMap((page) => page.results.map((r) => r.value));
	expect(values).toHaveLength(120);
	expect(new Set(values).size).toBe(120);
	expect(values.at(-1)).toBe(String(firstId));
	expect(third.paginationToken).toBeUndefined();
});

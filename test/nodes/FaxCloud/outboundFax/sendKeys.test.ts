import type { IExecuteFunctions } from 'n8n-workflow';

import type { Lineage } from '../../../../nodes/FaxCloud/actions/common/lineage';
import {
	itemKey,
	newSendRun,
	userKey,
} from '../../../../nodes/FaxCloud/actions/outboundFax/send/keys';

/**
 * A send's recovery key must stay byte for byte the same across upgrades: a Retry by a newer
 * package looks the failed run's sends up under these keys, and other keys would send them again.
 */

const context = (nodeId: string): IExecuteFunctions =>
	({
		getNode: () => ({ id: nodeId, name: 'Send Fax' }),
		getWorkflow: () => ({ id: 'wf-42' }),
	}) as unknown as IExecuteFunctions;

const lineage = (id: string | undefined, runIndex = 0): Lineage => ({
	id,
	runIndex,
	rerun: false,
	began: true,
	subWorkflow: false,
	nodeContext: {},
});

test('the derived keys of a run stay what they were', () => {
	const run = newSendRun(context('node-7'), lineage('exec-1001', 2));
	expect(run.runKey).toBe(PINNED.runKey);
	expect([0, 1, 999, 12345].map((index) => itemKey(run.itemScope!, index))).toEqual(
		PINNED.itemKeys,
	);
	// A key taken twice, and a key taken after another, is the same key.
	expect(itemKey(run.itemScope!, 1)).toBe(PINNED.itemKeys[1]);
});

test('Send Once per Key keys stay what they were', () => {
	const run = newSendRun(context('node-7'), lineage(undefined));
	expect(run.runScope).toBeUndefined();
	expect(run.itemScope).toBeUndefined();
	expect(run.runKey).toBeUndefined();
	expect(['order-1', 'Grüße 東京', ''].map((key) => userKey(run, key))).toEqual(PINNED.userKeys);
	expect(userKey(run, 'order-1')).toBe(PINNED.userKeys[0]);
});

test('a node without an id keys by its name, as before node IDs', () => {
	const run = newSendRun(context(''), lineage('exec-1001', 0));
	expect(itemKey(run.itemScope!, 0)).toBe(PINNED.nameItemKey);
});

const PINNED = {
	runKey: 'n8n-run-1kgei0q0sdzsnv1r6s5i',
	itemKeys: [
		'n8n-1yfsi0100i807j1rzzre',
		'n8n-1yfsi010ct3qmn0y0o67',
		'n8n-0zr6nyo065lo9f182z8r',
		'n8n-1e3t4o50djr59k0qz8rg',
	],
	userKeys: ['n8n-064cv3m1oqc39a0lpl8z', 'n8n-1bayv78115dtc004vaup', 'n8n-1jc8k9u0s5jx7o03sns0'],
	nameItemKey: 'n8n-045bf2u1plgs1a0e2wbe',
};

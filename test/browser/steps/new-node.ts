import assert from 'node:assert/strict';

import type { Locator } from 'playwright-core';

import type { StepContext } from './step-context';
import { visibleOptions } from './dropdowns';
import { eventually } from '../../harness/waitUntil';

/**
 * A new workflow with one Fax Cloud node, added as a user does: the nodes panel, search "fax",
 * then the action of `resource` → `operation`. A new node is the newest version. Returns the open
 * node panel.
 */
export async function addActionNode(
	{ page, serverUrl, node }: StepContext,
	resource: string,
	operation: string,
): Promise<Locator> {
	const described = node.resources.find((r) => r.value === resource);
	const action = described?.operations.find((o) => o.value === operation)?.action;
	assert.ok(action, `the node has ${resource} → ${operation}`);
	await page.goto(`${serverUrl}/workflow/new`);
	await page.click('[data-test-id="canvas-plus-button"]');
	await page.fill(
		'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]',
		'fax',
	);
	await page
		.locator('[data-test-id="item-iterator-item"]', { hasText: node.displayName })
		.first()
		.click();
	const categories = page.locator('[data-test-id="node-creator-category-item"]');
	await categories.first().waitFor();
	const item = page.locator('[data-test-id="node-creator-item-name"]', { hasText: action });
	// With triggers the panel opens on them and keeps the actions folded.
	if ((await item.count()) === 0)
		await categories
			.filter({ hasText: /^Actions/ })
			.first()
			.click();
	await item.first().click();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await ndv.locator('[data-test-id="parameter-input-operation"]').first().waitFor();
	return ndv;
}

/**
 * Chooses the node's credential by name: a new node gets one of the credentials of its type
 * preselected (the check has a wrong-password one too), so steps that call the service choose.
 */
export async function selectCredential({ page }: StepContext, name: string): Promise<void> {
	const select = page.locator('[data-test-id="node-credentials-select"]');
	const input = select.locator('input').first();
	await select.click();
	await visibleOptions(page).filter({ hasText: name }).first().click();
	await eventually(async () => assert.equal(await input.inputValue(), name));
}

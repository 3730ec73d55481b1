import assert from 'node:assert/strict';

import type { Locator } from 'playwright-core';

import type { StepContext } from './step-context';
import { visibleOptions } from './dropdowns';
import { eventually } from '../../harness/waitUntil';

/**
 * A new workflow, the nodes panel searched for "fax" as a user does (`searched` runs with the
 * results shown), then the Fax Cloud item clicked: the panel of its actions, unfolded when the
 * trigger's events come first (`actionShown`: an action name it must then show).
 */
export async function openFaxActions(
	{ page, serverUrl, node }: Pick<StepContext, 'page' | 'serverUrl' | 'node'>,
	actionShown: string,
	searched?: () => Promise<void>,
): Promise<void> {
	await page.goto(`${serverUrl}/workflow/new`);
	await page.click('[data-test-id="canvas-plus-button"]');
	await page.fill(
		'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]',
		'fax',
	);
	const faxItem = page
		.locator('[data-test-id="item-iterator-item"]', { hasText: node.displayName })
		.first();
	await faxItem.waitFor();
	await searched?.();
	await faxItem.click();
	const categories = page.locator('[data-test-id="node-creator-category-item"]');
	await categories.first().waitFor();
	const item = page.locator(
		'[data-test-id="item-iterator-item"], [data-test-id="node-creator-item-name"]',
		{
			hasText: actionShown,
		},
	);
	if ((await item.count()) === 0)
		await categories
			.filter({ hasText: /^Actions/ })
			.first()
			.click();
	await item.first().waitFor();
}

/** The action of `resource` → `operation` added to a new workflow; returns the open node panel. */
export async function addActionNode(
	context: StepContext,
	resource: string,
	operation: string,
): Promise<Locator> {
	const { page, node } = context;
	const described = node.resources.find((r) => r.value === resource);
	const action = described?.operations.find((o) => o.value === operation)?.action;
	assert.ok(action, `the node has ${resource} → ${operation}`);
	await openFaxActions(context, action);
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: action })
		.first()
		.click();
	return await openedNode(page);
}

/** The node panel once it shows the new node's Operation. */
export async function openedNode(page: StepContext['page']): Promise<Locator> {
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await ndv.locator('[data-test-id="parameter-input-operation"]').first().waitFor();
	return ndv;
}

/**
 * Chooses the node's credential by name: a new node gets one of the credentials of its type
 * preselected (the check has a wrong-password one too), so steps that call the service choose.
 */
export async function selectCredential(
	{ page }: Pick<StepContext, 'page'>,
	name: string,
): Promise<void> {
	const select = page.locator('[data-test-id="node-credentials-select"]');
	const input = select.locator('input').first();
	await select.click();
	await visibleOptions(page).filter({ hasText: name }).first().click();
	await eventually(async () => assert.equal(await input.inputValue(), name));
}

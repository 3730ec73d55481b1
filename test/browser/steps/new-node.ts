/** What a step of the editor check works with, and a new Fax Cloud node added as a user does. */
import assert from 'node:assert/strict';

import type { Locator, Page } from 'playwright-core';

import { SEED_USERS, type Emulator } from '../../../emulator';
import { call } from '../../harness/emulatorHttp';
import type { DescribedNode } from '../described-node';
import { visibleOptions } from './dropdowns';
import { eventually } from '../../harness/waitUntil';

export const step = (text: string): void => console.log(`  - ${text}`);

export interface StepContext {
	page: Page;
	serverUrl: string;
	emulator: Emulator;
	node: DescribedNode;
	/** Saves a numbered screenshot in .test-output/browser/ and returns its path. */
	shot: (page: Page, name: string) => Promise<string>;
}

/** Calls the emulator as alice@acme, the editor's credential user: to prepare and to learn. */
export async function asCredentialUser(
	base: string,
	method: 'GET' | 'PUT',
	path: string,
): Promise<Record<string, unknown>> {
	const { status, json } = await call(method, `${base}${path}`, { auth: SEED_USERS.alice });
	assert.ok(status >= 200 && status < 300, `${method} ${path}: ${status} ${JSON.stringify(json)}`);
	return json as Record<string, unknown>;
}

/**
 * A new workflow's nodes panel searched for "fax" (`searched` runs on the results), the Fax Cloud
 * item clicked: its actions, unfolded when the trigger's events come first, show `actionShown`.
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
		{ hasText: actionShown },
	);
	if ((await item.count()) === 0)
		await categories
			.filter({ hasText: /^Actions/ })
			.first()
			.click();
	await item.first().waitFor();
}

/** Clicks an action of the open actions panel; returns the node panel once it shows Operation. */
export async function addAction(page: Page, action: string): Promise<Locator> {
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: action })
		.first()
		.click();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await ndv.locator('[data-test-id="parameter-input-operation"]').first().waitFor();
	return ndv;
}

/** The action of `resource` → `operation` added to a new workflow, with `credential` chosen. */
export async function addActionNode(
	context: StepContext,
	resource: string,
	operation: string,
	credential: string,
): Promise<Locator> {
	const described = context.node.resources.find((r) => r.value === resource);
	const action = described?.operations.find((o) => o.value === operation)?.action;
	assert.ok(action, `the node has ${resource} → ${operation}`);
	await openFaxActions(context, action);
	const ndv = await addAction(context.page, action);
	await selectCredential(context.page, credential);
	return ndv;
}

/**
 * Chooses the node's credential by name: a new node gets one of the credentials of its type
 * preselected (the check has a wrong-password one too), so steps that call the service choose.
 */
export async function selectCredential(page: Page, name: string): Promise<void> {
	const select = page.locator('[data-test-id="node-credentials-select"]');
	const input = select.locator('input').first();
	await select.click();
	await visibleOptions(page).filter({ hasText: name }).first().click();
	await eventually(async () => assert.equal(await input.inputValue(), name));
}

import assert from 'node:assert/strict';

import type { Page } from 'playwright-core';

import type { Emulator } from '../../../emulator';
import type { DescribedNode } from '../described-node';

/** n8n puts the test id on the input or on its wrapper, depending on the release. */
const RLC_INPUT = '[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]';

/**
 * Version 2's Fax ID picker in the editor: a new Fax Cloud node is version 2, its "From List"
 * shows the newest outbound faxes first (read from the emulator, sorted by FaxId descending),
 * typing an ID finds a fax beyond the first page, and "By ID" refuses what is not a positive
 * integer with the picker's message, before anything runs.
 */
export async function faxIdPicker(
	page: Page,
	serverUrl: string,
	emulator: Emulator,
	node: DescribedNode,
	shot: (page: Page, name: string) => Promise<string>,
): Promise<void> {
	const { lastId } = emulator.control.bulkCreateOutbound(80, { userId: 'alice@acme' });
	// On the second page of the list (50 per page): found only by reading on while filtering.
	const olderId = lastId - 60;

	const get = node.resources[0].operations.find((o) => o.value === 'get');
	assert.ok(get, 'Outbound Fax has a Get operation');
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
	const action = page.locator('[data-test-id="node-creator-item-name"]', { hasText: get.action });
	if ((await action.count()) === 0)
		await categories
			.filter({ hasText: /^Actions/ })
			.first()
			.click();
	await action.first().click();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	await ndv.locator('[data-test-id="parameter-input-simple"]').first().waitFor();

	const picker = ndv.locator('[data-test-id="resource-locator-faxId"]');
	await picker.locator(RLC_INPUT).first().click();
	const items = page.locator('[data-test-id="rlc-item"]:visible');
	await items.first().waitFor();
	await page.waitForTimeout(400);
	assert.match(
		(await items.first().textContent()) ?? '',
		new RegExp(`^\\s*#${lastId} · to `),
		'the newest fax comes first',
	);
	await shot(page, 'fax-id-picker-newest-first');

	await page
		.locator('[data-test-id="rlc-search"] input:visible, input[data-test-id="rlc-search"]:visible')
		.first()
		.fill(String(olderId));
	const match = items.filter({ hasText: `#${olderId} ` });
	await match.first().waitFor();
	await shot(page, 'fax-id-picker-filtered');
	await match.first().click();
	const searches = emulator.control.requests({ api: 'fax', path: '^/v1/outboundfaxes$' });
	assert.ok(
		searches.some((r) => r.query.SortOrder === 'desc' && r.query.SortColumn === 'faxId'),
		'the picker asked the service for the newest faxes first',
	);
	assert.ok(
		searches.some((r) => r.query.GetNextResults !== undefined),
		'the filter read on with the service’s ResultsReference',
	);

	await picker.locator('[data-test-id="rlc-mode-selector"]').first().click();
	await page
		.locator('.el-select-dropdown:visible .el-select-dropdown__item', { hasText: 'By ID' })
		.first()
		.click();
	const idInput = picker.locator(RLC_INPUT).first();
	await idInput.fill('fax-12');
	await idInput.blur();
	// The editor marks the field and names the problem in the tooltip of its issue icon.
	await picker.locator('[data-test-id="parameter-issues"]').first().hover();
	await page.getByText('Not a valid Fax ID: use a whole number greater than 0').first().waitFor();
	await shot(page, 'fax-id-by-id-invalid');
	await page.keyboard.press('Escape');
}

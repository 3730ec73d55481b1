import assert from 'node:assert/strict';

import type { Locator, Page } from 'playwright-core';

import type { StepContext } from './step-context';
import { eventually } from '../../harness/waitUntil';
import { addActionNode, selectCredential } from './new-node';

/** n8n puts the test id on the input or on its wrapper, depending on the release. */
const RLC_INPUT = '[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]';
const RLC_SEARCH =
	'[data-test-id="rlc-search"] input:visible, input[data-test-id="rlc-search"]:visible';

export interface PickerCheck {
	resource: string;
	operation: string;
	/** The resource locator parameter, e.g. faxId. */
	parameter: string;
	credential: string;
	/** The IDs the list must begin with, in this order: the newest records. */
	newest: string[];
	/** Typed into the list's search. */
	filter: string;
	/**
	 * What the typed filter must show: a record that only a filter reaching past the first page
	 * finds (`includes`), or the whole filtered list in its order (`exactly`).
	 */
	filtered: { includes: string } | { exactly: string[] };
	/** Entered By ID, and refused with `message` before anything runs. */
	invalidId: string;
	message: string;
	/** Screenshot name prefix. */
	name: string;
}

/** The open list's items: each starts with "#<ID> · ". */
const listItems = (page: Page) => page.locator('[data-test-id="rlc-item"]:visible');

async function listedIds(page: Page): Promise<string[]> {
	const names = await listItems(page).allTextContents();
	return names.map((name) => /^\s*#(\d+) · /.exec(name)?.[1] ?? `(not an ID: ${name.trim()})`);
}

/** Opens the picker's "From List" and waits until its first items are `newest`, in order. */
async function openList(page: Page, picker: Locator, newest: string[]): Promise<void> {
	await picker.locator(RLC_INPUT).first().click();
	await listItems(page).first().waitFor();
	await eventually(async () => {
		const ids = await listedIds(page);
		assert.deepEqual(ids.slice(0, newest.length), newest, 'the list starts with the newest');
	});
}

/**
 * A picker of version 2 in the editor, on a new node: "From List" shows the newest records first,
 * typing filters the list (reading on past the first page when the service pages), and "By ID"
 * refuses what is not a positive integer with the picker's message, before anything runs.
 */
export async function idPicker(context: StepContext, check: PickerCheck): Promise<void> {
	const { page, shot } = context;
	const ndv = await addActionNode(context, check.resource, check.operation);
	await selectCredential(context, check.credential);
	const picker = ndv.locator(`[data-test-id="resource-locator-${check.parameter}"]`);
	await openList(page, picker, check.newest);
	await shot(page, `${check.name}-newest-first`);

	await page.locator(RLC_SEARCH).first().fill(check.filter);
	const { filtered } = check;
	const wanted = 'includes' in filtered ? filtered.includes : filtered.exactly[0];
	await eventually(async () => {
		const ids = await listedIds(page);
		if ('includes' in filtered) assert.ok(ids.includes(filtered.includes), `#${wanted} is listed`);
		else assert.deepEqual(ids, filtered.exactly, `typing "${check.filter}" filters the list`);
	});
	await shot(page, `${check.name}-filtered`);
	await clickListEntry(page, picker, wanted, 'the picked record is shown');

	await picker.locator('[data-test-id="rlc-mode-selector"]').first().click();
	await page
		.locator('.el-select-dropdown:visible .el-select-dropdown__item', { hasText: 'By ID' })
		.first()
		.click();
	const idInput = picker.locator(RLC_INPUT).first();
	await idInput.fill(check.invalidId);
	await idInput.blur();
	// The editor marks the field and names the problem in the tooltip of its issue icon.
	await picker.locator('[data-test-id="parameter-issues"]').first().hover();
	await page.getByText(check.message).first().waitFor();
	await shot(page, `${check.name}-by-id-invalid`);
	await page.keyboard.press('Escape');
}

/** Picks the record with this ID from a picker's list, found by typing the ID. */
export async function pickFromList(
	page: Page,
	ndv: Locator,
	parameter: string,
	id: string,
): Promise<void> {
	const picker = ndv.locator(`[data-test-id="resource-locator-${parameter}"]`);
	await picker.locator(RLC_INPUT).first().click();
	await page.locator(RLC_SEARCH).first().fill(id);
	await clickListEntry(page, picker, id, `#${id} is picked`);
}

/** Clicks the list entry of a record and waits until the picker shows it (`message` if not). */
async function clickListEntry(
	page: Page,
	picker: Locator,
	id: string,
	message: string,
): Promise<void> {
	await listItems(page)
		.filter({ hasText: `#${id} ` })
		.first()
		.click();
	await eventually(async () => {
		const shown = await picker.locator(RLC_INPUT).first().inputValue();
		assert.match(shown, new RegExp(`^#${id} · `), message);
	});
}

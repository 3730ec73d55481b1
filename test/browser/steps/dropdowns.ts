/** The editor's dropdowns (Element Plus selects): open, read, filter by typing, choose. */
import assert from 'node:assert/strict';

import type { Page } from 'playwright-core';

import { eventually } from '../../harness/waitUntil';

/** The options the open dropdown shows; those a typed filter hid are left out. */
export const visibleOptions = (page: Page) =>
	page.locator('.el-select-dropdown:visible .el-select-dropdown__item:visible');

/** Until the open dropdown's fade-in is over (no enter classes, no animation), for a screenshot. */
async function fadedIn(page: Page): Promise<void> {
	await eventually(async () => {
		const settled = await visibleOptions(page)
			.first()
			.evaluate((item) => {
				const popper = item.closest('.el-popper') ?? item;
				return (
					!/-enter-/.test(popper.className) &&
					popper
						.getAnimations({ subtree: true })
						.every((a: { playState: string }) => a.playState !== 'running')
				);
			});
		assert.ok(settled, 'the dropdown has faded in');
	});
}

/** The option names of the open dropdown, each without its description line. */
export async function optionNames(page: Page): Promise<string[]> {
	await visibleOptions(page).first().waitFor();
	await fadedIn(page);
	return await visibleOptions(page).evaluateAll((items) =>
		items.map((item) => {
			// An option with a description renders the name in its first text element.
			const description = item.querySelector('[class*="description"]');
			const whole = (item.textContent ?? '').trim();
			const extra = (description?.textContent ?? '').trim();
			return extra && whole.endsWith(extra) ? whole.slice(0, -extra.length).trim() : whole;
		}),
	);
}

/**
 * Opens a parameter's dropdown once its options have loaded and no other dropdown is open; the
 * editor re-renders a select when its options arrive, which can swallow a click, so it retries.
 */
export async function openDropdown(page: Page, parameter: string): Promise<void> {
	const input = `[data-test-id="parameter-input-${parameter}"]`;
	const loaded = page.locator(`${input} input`).first();
	// A try waits 3 s for the options, then presses Escape: about three tries in 10 s.
	await eventually(async () => {
		await loaded.and(page.locator('input:not([placeholder^="Loading"])')).waitFor();
		await expectNoOpenDropdown(page);
		await page.locator(input).first().click();
		await visibleOptions(page)
			.first()
			.waitFor({ timeout: 3000 })
			.catch(async (error: unknown) => {
				await page.keyboard.press('Escape');
				throw error;
			});
	}, 10_000);
}

async function expectNoOpenDropdown(page: Page): Promise<void> {
	await page.locator('.el-select-dropdown:visible').first().waitFor({ state: 'hidden' });
}

export async function choose(page: Page, parameter: string, option: string): Promise<void> {
	await openDropdown(page, parameter);
	await visibleOptions(page).filter({ hasText: option }).first().click();
	await expectNoOpenDropdown(page);
}

/**
 * Types into the open dropdown and waits until it shows just the options of `expected`, in that
 * order (an option may add to its name, e.g. "New York (NY)" for "New York").
 */
export async function typeToFilter(page: Page, text: string, expected: string[]): Promise<void> {
	await page.keyboard.type(text);
	await eventually(async () => {
		const shown = await optionNames(page);
		assert.ok(
			shown.length === expected.length && shown.every((name, i) => name.includes(expected[i])),
			`typing "${text}" leaves ${JSON.stringify(expected)}; the dropdown shows ${JSON.stringify(shown)}`,
		);
	});
}

/** The value a parameter's select shows, once it shows `expected`. */
export async function expectSelected(
	page: Page,
	parameter: string,
	expected: string,
): Promise<void> {
	const input = page.locator(`[data-test-id="parameter-input-${parameter}"] input`).first();
	await eventually(async () => {
		const value = await input.inputValue();
		assert.ok(value.includes(expected), `${parameter} shows "${expected}", not "${value}"`);
	});
}

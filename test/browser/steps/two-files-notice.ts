import assert from 'node:assert/strict';

import { openExample } from './open-example';
import type { StepContext } from './step-context';

const EXAMPLE_ID = 'ExampleTwoFiles1';

/**
 * The "two files on one item" example opens with every node known, its note saying how, and the
 * mail merge node naming the two fields the Merge node put on one item, under its notice.
 */
export async function twoFilesExample({ page, serverUrl, shot }: StepContext): Promise<void> {
	const canvasNodes = await openExample(page, serverUrl, {
		id: EXAMPLE_ID,
		file: 'two-files-on-one-item.json',
	});
	await page.getByText('Combine → By Position').first().waitFor();
	await shot(page, 'example-two-files');

	await canvasNodes.filter({ hasText: 'Create Mail Merge Job' }).first().dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	const value = (parameter: string) =>
		page.locator(`[data-test-id="parameter-input-${parameter}"] input`).first().inputValue();
	assert.equal(await value('csvBinaryPropertyName'), 'csv');
	assert.equal(await value('templateBinaryPropertyName'), 'template');
	// The node's own notice says the same as the example's sticky note.
	await page
		.locator('[data-test-id="ndv"]')
		.getByText(/CSV and the PDF template must be on one input item/)
		.first()
		.waitFor();
	await shot(page, 'example-two-files-mail-merge-node');
	await page.keyboard.press('Escape');
}

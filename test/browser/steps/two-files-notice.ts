import assert from 'node:assert/strict';

import type { Page } from 'playwright-core';

import { loadExamples } from '../../harness/n8n/examples';
import { eventually } from '../../harness/waitUntil';

const EXAMPLE_ID = 'ExampleTwoFiles1';

/**
 * The "two files on one item" example opens with every node known, its note saying how, and the
 * mail merge node naming the two fields the Merge node put on one item, under its notice.
 */
export async function twoFilesExample(
	page: Page,
	serverUrl: string,
	shot: (page: Page, name: string) => Promise<string>,
): Promise<void> {
	const example = loadExamples().find((e) => e.workflow.id === EXAMPLE_ID);
	assert.ok(example, 'examples/two-files-on-one-item.json is there');
	await page.goto(`${serverUrl}/workflow/${EXAMPLE_ID}`);
	const canvasNodes = page.locator('[data-test-id="canvas-node"]');
	await canvasNodes.first().waitFor();
	const steps = example.workflow.nodes.filter((n) => !n.type.endsWith('.stickyNote'));
	await eventually(async () =>
		assert.ok((await canvasNodes.count()) >= steps.length, 'every node of the example is drawn'),
	);
	assert.equal(
		await page.locator('[data-test-id="node-not-installed"]').count(),
		0,
		'no node of the example is unknown',
	);
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

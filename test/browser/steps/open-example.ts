import assert from 'node:assert/strict';

import type { Locator, Page } from 'playwright-core';

import { loadExamples } from '../../harness/n8n/examples';
import { eventually } from '../../harness/waitUntil';

/**
 * Opens an example workflow of examples/ (imported by the harness under its own ID) and waits until
 * the canvas shows every one of its nodes, none of them unknown to n8n. Returns the canvas nodes.
 */
export async function openExample(
	page: Page,
	serverUrl: string,
	example: { id: string; file: string },
): Promise<Locator> {
	const found = loadExamples().find((e) => e.workflow.id === example.id);
	assert.ok(found, `examples/${example.file} is there`);
	await page.goto(`${serverUrl}/workflow/${example.id}`);
	const canvasNodes = page.locator('[data-test-id="canvas-node"]');
	await canvasNodes.first().waitFor();
	const steps = found.workflow.nodes.filter((n) => !n.type.endsWith('.stickyNote'));
	await eventually(async () =>
		assert.ok((await canvasNodes.count()) >= steps.length, 'every node of the example is drawn'),
	);
	assert.equal(
		await page.locator('[data-test-id="node-not-installed"]').count(),
		0,
		'no node of the example is unknown',
	);
	return canvasNodes;
}

import assert from 'node:assert/strict';

import type { StepContext } from './step-context';

/**
 * The output schemas shipped in nodes/FaxCloud/__schema__/ are what the editor shows before the
 * first run: n8n serves them at /schemas/<package>.<node>/<version>/<resource>/<operation>.json,
 * and the next node's input panel lists their fields ("schema preview").
 */
export async function schemaPreview({ page, serverUrl, shot }: StepContext): Promise<void> {
	const served = await fetch(
		`${serverUrl}/schemas/n8n-nodes-fax-cloud.faxCloud/1.0.0/outboundFax/get.json`,
	);
	assert.equal(served.status, 200, 'n8n serves the schema of Outbound Fax → Get');
	const schema = (await served.json()) as { properties?: Record<string, unknown> };
	assert.ok(schema.properties?.FaxStatus, 'the served schema is the shipped one');

	// A fresh load: no execution of the example in this editor session.
	await page.goto(`${serverUrl}/workflow/ExampleSendPdf01`);
	const canvasNodes = page.locator('[data-test-id="canvas-node"]');
	await canvasNodes.first().waitFor();
	await canvasNodes.filter({ hasText: 'Finished?' }).first().dblclick();
	const input = page.locator('[data-test-id="ndv-input-panel"]');
	await input.waitFor();
	// Get Fax Status (Outbound Fax → Get) feeds this node and has not run: its fields come from
	// the schema file alone.
	await input.getByText('FaxStatus', { exact: true }).first().waitFor();
	await input.getByText('CompleteTime', { exact: true }).first().waitFor();
	await shot(page, 'schema-preview-before-first-run');
	await page.keyboard.press('Escape');
}

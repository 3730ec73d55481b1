/** The examples/ workflows in the editor: opened, their schema preview, one imported and run. */
import assert from 'node:assert/strict';
import path from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { lastSeq } from '../../../emulator/request-log';
import { EXAMPLES_DIR, loadExamples } from '../../harness/n8n/examples';
import { eventually } from '../../harness/waitUntil';
import { step, type StepContext } from './new-node';
import { columnValues, outputTable } from './output-steps';

/** Opens an example of examples/ and waits until the canvas shows every node, none unknown. */
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

/** The "two files on one item" example: its note, the mail merge node's two fields and notice. */
export async function twoFilesExample({ page, serverUrl, shot }: StepContext): Promise<void> {
	step('the "two files on one item" example: Merge by position, both fields named');
	const example = { id: 'ExampleTwoFiles1', file: 'two-files-on-one-item.json' };
	const canvasNodes = await openExample(page, serverUrl, example);
	await page.getByText('Combine → By Position').first().waitFor();
	await shot(page, 'example-two-files');

	await canvasNodes.filter({ hasText: 'Create Mail Merge Job' }).first().dblclick();
	const ndv = page.locator('[data-test-id="ndv"]');
	await ndv.waitFor();
	const value = (parameter: string) =>
		page.locator(`[data-test-id="parameter-input-${parameter}"] input`).first().inputValue();
	assert.equal(await value('csvBinaryPropertyName'), 'csv');
	assert.equal(await value('templateBinaryPropertyName'), 'template');
	// The node's own notice says the same as the example's sticky note.
	await ndv
		.getByText(/CSV and the PDF template must be on one input item/)
		.first()
		.waitFor();
	await shot(page, 'example-two-files-mail-merge-node');
	await page.keyboard.press('Escape');
}

/**
 * The output schemas shipped in nodes/FaxCloud/__schema__/ are what the editor shows before the
 * first run: n8n serves them at /schemas/<package>.<node>/<version>/<resource>/<operation>.json,
 * and the next node's input panel lists their fields ("schema preview").
 */
export async function schemaPreview({ page, serverUrl, shot }: StepContext): Promise<void> {
	step('output schemas: the fields of a Fax Cloud node that has not run yet');
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

/**
 * The "send a PDF" example imported from its file into a new workflow (Import from File), then
 * Execute workflow: one fax reaches the service, and Report Outcome shows the sentence built from
 * the whole record Get Fax Status read (Simplify off).
 */
export async function importExampleStep(context: StepContext): Promise<void> {
	step('an example imported from its file runs: "send a PDF", its version 2 nodes');
	const { page, serverUrl, emulator, shot } = context;
	await page.goto(`${serverUrl}/workflow/new`);
	await page.locator('[data-test-id="canvas-plus-button"]').first().waitFor();
	await page.locator('[data-test-id="workflow-menu"]').first().click();
	await page.locator('[data-test-id="workflow-menu-item-import"]').first().hover();
	const chooser = page.waitForEvent('filechooser');
	await page.locator('[data-test-id="workflow-menu-item-import-from-file"]').first().click();
	await (await chooser).setFiles(path.join(EXAMPLES_DIR, 'send-pdf-and-report-outcome.json'));
	const report = page.locator('[data-test-id="canvas-node"]').filter({ hasText: 'Report Outcome' });
	await report.first().waitFor();
	await shot(page, 'example-imported');

	const since = lastSeq(emulator);
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	// The example waits 20 s between checks of the fax: a few rounds at most on a real clock.
	await eventually(() => {
		const created = emulator.control.requests({
			sinceSeq: since,
			api: 'fax',
			method: 'POST',
			path: '^/v1/outboundfaxes$',
		});
		assert.equal(created.length, 1, 'one fax sent by the imported example');
	}, 60_000);
	await report.first().dblclick({ timeout: 5_000 });
	const table = await eventually(
		async () => {
			const shown = await outputTable(page);
			assert.deepEqual(shown.columns, ['faxId', 'status', 'outcome']);
			return shown;
		},
		180_000,
		1_000,
	);
	const [faxId] = columnValues(table, 'faxId');
	const record = emulator.control.outboundFax(faxId);
	assert.ok(record, `the emulator holds fax ${faxId}`);
	// The sentence is the example's for a fax whose status is sent (its status column's value).
	assert.deepEqual(columnValues(table, 'outcome'), [
		`Fax ${faxId} to 12125550000 was sent: ${record.PagesSent} of ${record.PagesTotal} page(s) in ${record.Duration} s.`,
	]);
	await shot(page, 'example-imported-ran');
	await page.keyboard.press('Escape');
}

import assert from 'node:assert/strict';
import path from 'node:path';

import { lastSeq } from '../../../emulator/request-log';
import { EXAMPLES_DIR } from '../../harness/n8n/examples';
import type { StepContext } from './step-context';
import { eventually } from '../../harness/waitUntil';
import { columnValues, outputTable } from './output-table';

const EXAMPLE_FILE = path.join(EXAMPLES_DIR, 'send-pdf-and-report-outcome.json');

/**
 * The "send a PDF" example as a user takes it: a new workflow, the workflow menu's Import from
 * File with the file from examples/, then Execute workflow. The example's version 2 nodes run in
 * the editor: one fax reaches the service, Get Fax Status (a Fax ID given by an expression, Simplify
 * off) reads it until it is sent, and Report Outcome shows the sentence built from the whole record.
 */
export async function importExampleStep(context: StepContext): Promise<void> {
	const { page, serverUrl, emulator, shot } = context;
	await page.goto(`${serverUrl}/workflow/new`);
	await page.locator('[data-test-id="canvas-plus-button"]').first().waitFor();
	await page.locator('[data-test-id="workflow-menu"]').first().click();
	await page.locator('[data-test-id="workflow-menu-item-import"]').first().hover();
	const chooser = page.waitForEvent('filechooser');
	await page.locator('[data-test-id="workflow-menu-item-import-from-file"]').first().click();
	await (await chooser).setFiles(EXAMPLE_FILE);
	const canvasNodes = page.locator('[data-test-id="canvas-node"]');
	await canvasNodes.filter({ hasText: 'Report Outcome' }).first().waitFor();
	await shot(page, 'example-imported');

	const since = lastSeq(emulator);
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	// The example waits 20 s between checks of the fax: a few rounds at most on a real clock.
	const sends = await eventually(() => {
		const created = emulator.control.requests({
			sinceSeq: since,
			api: 'fax',
			method: 'POST',
			path: '^/v1/outboundfaxes$',
		});
		assert.equal(created.length, 1, 'one fax sent by the imported example');
		return created;
	}, 60_000);
	assert.equal(sends[0].params.FaxNumber, '12125550000');
	await canvasNodes.filter({ hasText: 'Report Outcome' }).first().dblclick({ timeout: 5_000 });
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
	assert.equal(sends.filter((s) => s.status === 201).length, 1, 'the send was answered as created');
	assert.deepEqual(columnValues(table, 'status'), ['sent']);
	assert.deepEqual(columnValues(table, 'outcome'), [
		`Fax ${faxId} to 12125550000 was sent: ${record.PagesSent} of ${record.PagesTotal} page(s) in ${record.Duration} s.`,
	]);
	await shot(page, 'example-imported-ran');
	await page.keyboard.press('Escape');
}

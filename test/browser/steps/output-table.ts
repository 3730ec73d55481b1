import type { Locator, Page } from 'playwright-core';

export interface OutputTable {
	/** Column names, left to right (n8n shows the first 40 and says when it hides others). */
	columns: string[];
	hidesColumns: boolean;
	/** Cell texts of each row, in the order of `columns`. */
	rows: string[][];
}

const outputPanel = (page: Page) => page.locator('[data-test-id="output-panel"]');

/** Runs the open node ("Execute step" in the node panel). */
export async function executeStep(ndv: Locator): Promise<void> {
	await ndv.locator('[data-test-id="node-execute-button"]').first().click();
}

/**
 * What the output panel's table shows; throws while it shows no table (before the first run). The
 * table view is the output's default; it is chosen again in case the user's last choice was kept.
 */
export async function outputTable(page: Page): Promise<OutputTable> {
	const panel = outputPanel(page);
	const tableMode = panel.locator('[data-test-id="radio-button-table"]');
	if ((await tableMode.count()) === 0) throw new Error('the output panel shows no data');
	if ((await tableMode.getAttribute('aria-checked')) !== 'true') await tableMode.click();
	const table = panel.locator('[data-test-id="ndv-data-container"] table').first();
	if ((await table.count()) === 0) throw new Error('the output panel shows no table');
	const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
	const rows = await table.locator('tbody tr').evaluateAll((trs) =>
		trs.map((tr) => {
			const cells: string[] = [];
			tr.querySelectorAll('td').forEach((td: { textContent: string | null }) =>
				cells.push((td.textContent ?? '').trim()),
			);
			return cells;
		}),
	);
	const hidden = headers.findIndex((header) => /columns are hidden/i.test(header));
	const shown = (hidden === -1 ? headers : headers.slice(0, hidden))
		.map((name, index) => ({ name, index }))
		.filter((column) => column.name !== '');
	return {
		columns: shown.map((column) => column.name),
		hidesColumns: hidden !== -1,
		rows: rows.map((cells) => shown.map((column) => cells[column.index] ?? '')),
	};
}

/** The values of one column, top to bottom. */
export function columnValues(table: OutputTable, column: string): string[] {
	const index = table.columns.indexOf(column);
	if (index === -1)
		throw new Error(`the output has no ${column} column: ${table.columns.join(', ')}`);
	return table.rows.map((row) => row[index]);
}

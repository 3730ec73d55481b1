/** The node panel's output table, and the steps that judge a run by it: Simplify and Sort. */
import assert from 'node:assert/strict';

import type { Locator, Page } from 'playwright-core';

import { SEED_USERS } from '../../../emulator';
import { lastSeq } from '../../../emulator/request-log';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import { eventually } from '../../harness/waitUntil';
import { choose, expectSelected, visibleOptions } from './dropdowns';
import { addActionNode, asCredentialUser, step, type StepContext } from './new-node';
import { pickFromList } from './pickers';

type OutputTable = Awaited<ReturnType<typeof outputTable>>;

/**
 * What the output panel's table shows: its column names, left to right (n8n shows the first 40
 * and says when it hides others), and each row's cell texts in their order. Throws while it shows
 * no table (before the first run); the table view is chosen again in case the user left another.
 */
export async function outputTable(page: Page) {
	const panel = page.locator('[data-test-id="output-panel"]');
	const tableMode = panel.locator('[data-test-id="radio-button-table"]');
	if ((await tableMode.count()) === 0) throw new Error('the output panel shows no data');
	if ((await tableMode.getAttribute('aria-checked')) !== 'true') await tableMode.click();
	const table = panel.locator('[data-test-id="ndv-data-container"] table').first();
	if ((await table.count()) === 0) throw new Error('the output panel shows no table');
	const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
	const rows = await table
		.locator('tbody tr')
		.evaluateAll((trs) =>
			trs.map((tr) =>
				Array.from(tr.querySelectorAll('td'), (td: { textContent: string | null }) =>
					(td.textContent ?? '').trim(),
				),
			),
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

export function columnValues(table: OutputTable, column: string): string[] {
	const index = table.columns.indexOf(column);
	if (index === -1)
		throw new Error(`the output has no ${column} column: ${table.columns.join(', ')}`);
	return table.rows.map((row) => row[index]);
}

/**
 * Runs the open node ("Execute step") and waits until its output table passes `check`; then
 * asserts that the run sent the service a request of `path` (one that `matches`, when given).
 */
async function executeAndCheck(
	{ page, emulator }: StepContext,
	ndv: Locator,
	check: (table: OutputTable) => void,
	path: string,
	requested: string,
	matches: (query: Record<string, unknown>) => boolean = () => true,
): Promise<void> {
	const since = lastSeq(emulator);
	await ndv.locator('[data-test-id="node-execute-button"]').first().click();
	await eventually(async () => check(await outputTable(page)), 60_000);
	const requests = emulator.control.requests({ sinceSeq: since, api: 'fax', path });
	const matched = requests.some((r) => matches(r.query));
	assert.ok(matched, `${requested}: ${JSON.stringify(requests.map((r) => r.query))}`);
}

/**
 * Simplify in the editor: Outbound Fax → Get of a fax picked from the list shows just the fields
 * of SIMPLIFIED_FAX_FIELDS the record has, in that order; with Simplify off, the whole record.
 */
export async function simplifyStep(context: StepContext): Promise<void> {
	step('Simplify: the simplified record, then with Simplify off the whole one');
	const { page, emulator, shot } = context;
	const now = emulator.control.now();
	const options = { userId: SEED_USERS.alice.userId, from: now, to: now };
	const { lastId } = emulator.control.bulkCreateOutbound(1, options);
	const faxId = String(lastId);
	const record = emulator.control.outboundFax(faxId);
	assert.ok(record, `the emulator holds fax ${faxId}`);
	const wholeFields = Object.keys(record);
	const simplified = SIMPLIFIED_FAX_FIELDS.outbound.filter((field) => field in record);
	const leftOut = wholeFields.filter((field) => !simplified.includes(field));
	assert.ok(leftOut.length > 10, 'the whole record has many fields Simplify leaves out');

	const ndv = await addActionNode(context, 'outboundFax', 'get', CREDENTIAL_NAMES.fax);
	await pickFromList(page, ndv, 'faxId', faxId);
	const simple = ndv.locator('[data-test-id="parameter-input-simple"]').first();
	const simpleOn = async () => await simple.locator('[role="switch"]').getAttribute('aria-checked');
	assert.equal(await simpleOn(), 'true', 'Simplify is on by default');

	const faxPath = `^/v1/outboundfaxes/${faxId}$`;
	const simplifiedShown = (table: OutputTable) => {
		assert.deepEqual(table.columns, simplified, 'the simplified record, in its order');
		assert.equal(table.rows.length, 1);
		assert.equal(table.rows[0][0], faxId);
	};
	const read = 'the run read the fax from the service';
	await executeAndCheck(context, ndv, simplifiedShown, faxPath, read);
	await shot(page, 'simplify-on');

	await simple.locator('.el-switch').click();
	await eventually(async () => assert.equal(await simpleOn(), 'false', 'Simplify is off'));
	const wholeShown = (table: OutputTable) => {
		// n8n's table shows the first 40 columns and says so when there are more.
		const shown = table.hidesColumns ? wholeFields.slice(0, table.columns.length) : wholeFields;
		assert.deepEqual(table.columns, shown, 'the whole record, in the service’s order');
		const shownLeftOut = leftOut.filter((field) => table.columns.includes(field));
		assert.ok(shownLeftOut.length >= 10, 'the fields Simplify leaves out are shown');
		assert.equal(table.rows[0][0], faxId);
	};
	await executeAndCheck(context, ndv, wholeShown, faxPath, 'the second run read the fax again');
	await shot(page, 'simplify-off');
	await page.keyboard.press('Escape');
}

const LIMIT = 5;

/**
 * The Sort collection of Outbound Fax → Get Many in the editor: Limit 5, Sort By Last Modified
 * Time, Descending then Ascending. The user's oldest fax is marked first, so ordering by that time
 * differs from ordering by Fax ID (the default). The expected order is the service's own answer.
 */
export async function sortStep(context: StepContext): Promise<void> {
	step('Sort of Get Many: by last modified time, descending then ascending');
	const { page, emulator, shot } = context;
	const faxApi = emulator.urls.fax;
	const faxIds = async (query: string): Promise<string[]> => {
		const answer = await asCredentialUser(faxApi, 'GET', `/outboundfaxes?${query}`);
		return ((answer.FaxInfo ?? []) as Array<{ FaxId: string }>).map((fax) => String(fax.FaxId));
	};
	const [oldest] = await faxIds('ResultLimit=1');
	assert.ok(oldest, 'the user has outbound faxes');
	await asCredentialUser(faxApi, 'PUT', `/outboundfaxes/${oldest}?Mark=true`);
	const sorted = (column: string, order: string) =>
		faxIds(`ResultLimit=${LIMIT}&SortColumn=${column}&SortOrder=${order}`);
	const expected = { desc: await sorted('dateTime', 'desc'), asc: await sorted('dateTime', 'asc') };
	const byFaxId = {
		desc: await sorted('faxId', 'desc'),
		asc: await faxIds(`ResultLimit=${LIMIT}`),
	};
	for (const order of ['desc', 'asc'] as const) {
		assert.equal(expected[order].length, LIMIT);
		assert.notDeepEqual(expected[order], byFaxId[order], `by time ${order} is not by Fax ID`);
	}
	assert.equal(expected.desc[0], oldest, 'the marked fax is the last modified');

	const ndv = await addActionNode(context, 'outboundFax', 'getAll', CREDENTIAL_NAMES.fax);
	const limit = ndv.locator('[data-test-id="parameter-input-limit"] input').first();
	await limit.fill(String(LIMIT));
	await limit.blur();
	await eventually(async () => assert.equal(await limit.inputValue(), String(LIMIT)));
	for (const [option, parameter] of [
		['Sort By', 'sortColumn'],
		['Sort Order', 'sortOrder'],
	]) {
		await ndv.locator('input[placeholder="Add Sort Rule"]').click();
		await visibleOptions(page).filter({ hasText: option }).first().click();
		await ndv.locator(`[data-test-id="parameter-input-${parameter}"]`).first().waitFor();
	}
	await choose(page, 'sortColumn', 'Last Modified Time');
	await expectSelected(page, 'sortColumn', 'Last Modified Time');

	for (const [order, label] of [
		['desc', 'Descending'],
		['asc', 'Ascending'],
	] as const) {
		await choose(page, 'sortOrder', label);
		await expectSelected(page, 'sortOrder', label);
		const byTime = (table: OutputTable) =>
			assert.deepEqual(
				columnValues(table, 'FaxId'),
				expected[order],
				`Fax IDs by last modified time, ${label}`,
			);
		await executeAndCheck(
			context,
			ndv,
			byTime,
			'^/v1/outboundfaxes$',
			`the service was asked for SortColumn=dateTime&SortOrder=${order}`,
			(query) => query.SortColumn === 'dateTime' && query.SortOrder === order,
		);
		await shot(page, `sort-by-time-${order}`);
	}
	await page.keyboard.press('Escape');
}

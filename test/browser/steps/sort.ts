import assert from 'node:assert/strict';

import { lastSeq } from '../../../emulator/request-log';
import { CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import type { StepContext } from './step-context';
import { choose, expectSelected, visibleOptions } from './dropdowns';
import { eventually } from '../../harness/waitUntil';
import { addActionNode, selectCredential } from './new-node';
import { columnValues, executeStep, outputTable } from './output-table';
import { asCredentialUser } from './service';

const LIMIT = 5;

/**
 * The Sort collection of Outbound Fax → Get Many, driven in the editor: Limit 5, Sort By Last
 * Modified Time, Descending then Ascending. The user's oldest fax is marked first, which makes it
 * the last modified: so ordering by that time differs from ordering by Fax ID (the service's
 * default), and the output shows whether Sort By and Sort Order both reached the service. The
 * expected order is the service's own answer to the same query.
 */
export async function sortStep(context: StepContext): Promise<void> {
	const { page, emulator, shot } = context;
	const faxApi = emulator.urls.fax;
	const faxIds = async (query: string): Promise<string[]> => {
		const answer = await asCredentialUser(faxApi, 'GET', `/outboundfaxes?${query}`);
		return ((answer.FaxInfo ?? []) as Array<{ FaxId: string }>).map((fax) => String(fax.FaxId));
	};
	const [oldest] = await faxIds('ResultLimit=1');
	assert.ok(oldest, 'the user has outbound faxes');
	await asCredentialUser(faxApi, 'PUT', `/outboundfaxes/${oldest}?Mark=true`);
	const expected = {
		desc: await faxIds(`ResultLimit=${LIMIT}&SortColumn=dateTime&SortOrder=desc`),
		asc: await faxIds(`ResultLimit=${LIMIT}&SortColumn=dateTime&SortOrder=asc`),
	};
	const byFaxId = {
		desc: await faxIds(`ResultLimit=${LIMIT}&SortColumn=faxId&SortOrder=desc`),
		asc: await faxIds(`ResultLimit=${LIMIT}`),
	};
	for (const order of ['desc', 'asc'] as const) {
		assert.equal(expected[order].length, LIMIT);
		assert.notDeepEqual(expected[order], byFaxId[order], `by time ${order} is not by Fax ID`);
	}
	assert.equal(expected.desc[0], oldest, 'the marked fax is the last modified');

	const ndv = await addActionNode(context, 'outboundFax', 'getAll');
	await selectCredential(context, CREDENTIAL_NAMES.fax);
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
		const since = lastSeq(emulator);
		await executeStep(ndv);
		await eventually(async () => {
			const shown = columnValues(await outputTable(page), 'FaxId');
			assert.deepEqual(shown, expected[order], `Fax IDs by last modified time, ${label}`);
		}, 60_000);
		const searches = emulator.control.requests({
			sinceSeq: since,
			api: 'fax',
			path: '^/v1/outboundfaxes$',
		});
		assert.ok(
			searches.some((r) => r.query.SortColumn === 'dateTime' && r.query.SortOrder === order),
			`the service was asked for SortColumn=dateTime&SortOrder=${order}: ${JSON.stringify(
				searches.map((r) => r.query),
			)}`,
		);
		await shot(page, `sort-by-time-${order}`);
	}
	await page.keyboard.press('Escape');
}

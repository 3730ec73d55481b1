/** The Fax ID and Job ID pickers of version 2 in the editor, on new Get nodes. */
import assert from 'node:assert/strict';

import type { Locator, Page } from 'playwright-core';

import { SEED_USERS } from '../../../emulator';
import { CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import { eventually } from '../../harness/waitUntil';
import { postMailMergeJob } from '../../harness/emulatorHttp';
import { addActionNode, asCredentialUser, step, type StepContext } from './new-node';

/** n8n puts the test id on the input or on its wrapper, depending on the release. */
const RLC_INPUT = '[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]';
const RLC_SEARCH =
	'[data-test-id="rlc-search"] input:visible, input[data-test-id="rlc-search"]:visible';

/**
 * A picker's check: the list begins with the `newest` IDs; typing `filter` lists a record only a
 * filter reading past the first page finds (`includes`), or the whole filtered list in its order
 * (`exactly`); `invalidId` entered By ID is refused with "Not a valid <its label>: …". `name`: the
 * screenshots' prefix.
 */
interface PickerCheck {
	resource: string;
	parameter: 'faxId' | 'jobId';
	newest: string[];
	filter: string;
	filtered: { includes: string } | { exactly: string[] };
	invalidId: string;
	name: string;
}

const LABELS = { faxId: 'Fax ID', jobId: 'Job ID' };

/** The open list's items: each starts with "#<ID> · ". */
const listItems = (page: Page) => page.locator('[data-test-id="rlc-item"]:visible');

async function listedIds(page: Page): Promise<string[]> {
	const names = await listItems(page).allTextContents();
	return names.map((name) => /^\s*#(\d+) · /.exec(name)?.[1] ?? `(not an ID: ${name.trim()})`);
}

/**
 * A picker of version 2 in the editor, on a new Get node: "From List" shows the newest records
 * first, typing filters the list (reading on past the first page when the service pages), and
 * "By ID" refuses what is not a positive integer with the picker's message, before anything runs.
 */
async function idPicker(context: StepContext, check: PickerCheck): Promise<void> {
	const { page, shot } = context;
	const ndv = await addActionNode(context, check.resource, 'get', CREDENTIAL_NAMES.fax);
	const picker = ndv.locator(`[data-test-id="resource-locator-${check.parameter}"]`);
	await picker.locator(RLC_INPUT).first().click();
	await listItems(page).first().waitFor();
	await eventually(async () => {
		const ids = (await listedIds(page)).slice(0, check.newest.length);
		assert.deepEqual(ids, check.newest, 'the list starts with the newest');
	});
	await shot(page, `${check.name}-newest-first`);

	await page.locator(RLC_SEARCH).first().fill(check.filter);
	const { filtered } = check;
	const wanted = 'includes' in filtered ? filtered.includes : filtered.exactly[0];
	await eventually(async () => {
		const ids = await listedIds(page);
		if ('includes' in filtered) assert.ok(ids.includes(filtered.includes), `#${wanted} is listed`);
		else assert.deepEqual(ids, filtered.exactly, `typing "${check.filter}" filters the list`);
	});
	await shot(page, `${check.name}-filtered`);
	await clickListEntry(page, picker, wanted, 'the picked record is shown');

	await picker.locator('[data-test-id="rlc-mode-selector"]').first().click();
	await page
		.locator('.el-select-dropdown:visible .el-select-dropdown__item', { hasText: 'By ID' })
		.first()
		.click();
	const idInput = picker.locator(RLC_INPUT).first();
	await idInput.fill(check.invalidId);
	await idInput.blur();
	// The editor marks the field and names the problem in the tooltip of its issue icon.
	await picker.locator('[data-test-id="parameter-issues"]').first().hover();
	await page
		.getByText(`Not a valid ${LABELS[check.parameter]}: use a whole number greater than 0`)
		.first()
		.waitFor();
	await shot(page, `${check.name}-by-id-invalid`);
	await page.keyboard.press('Escape');
}

/** Picks the record with this ID from a picker's list, found by typing the ID. */
export async function pickFromList(
	page: Page,
	ndv: Locator,
	parameter: string,
	id: string,
): Promise<void> {
	const picker = ndv.locator(`[data-test-id="resource-locator-${parameter}"]`);
	await picker.locator(RLC_INPUT).first().click();
	await page.locator(RLC_SEARCH).first().fill(id);
	await clickListEntry(page, picker, id, `#${id} is picked`);
}

/** Clicks the list entry of a record and waits until the picker shows it (`message` if not). */
async function clickListEntry(page: Page, picker: Locator, id: string, message: string) {
	await listItems(page)
		.filter({ hasText: `#${id} ` })
		.first()
		.click();
	await eventually(async () => {
		const shown = await picker.locator(RLC_INPUT).first().inputValue();
		assert.match(shown, new RegExp(`^#${id} · `), message);
	});
}

/**
 * Version 2's Fax ID picker of one direction, on a new Get node, with 80 new faxes of the
 * credential's user: the ID of a fax on the second page (50 per page) typed finds it by reading on
 * with the service's ResultsReference.
 */
export async function faxIdPicker(
	context: StepContext,
	direction: 'outbound' | 'inbound',
): Promise<void> {
	step(
		direction === 'outbound'
			? 'Fax ID picker: newest first, a filter reads on to later pages, By ID checked'
			: 'inbound Fax ID picker: the same checks on received faxes',
	);
	const { control } = context.emulator;
	const bulkCreate =
		direction === 'outbound' ? control.bulkCreateOutbound : control.bulkCreateInbound;
	const { lastId } = bulkCreate(80, { userId: SEED_USERS.alice.userId });
	// On the second page of the list: found only by reading on while filtering.
	const olderId = String(lastId - 60);
	await idPicker(context, {
		resource: `${direction}Fax`,
		parameter: 'faxId',
		newest: [0, 1, 2, 3, 4].map((back) => String(lastId - back)),
		filter: olderId,
		filtered: { includes: olderId },
		invalidId: 'fax-12',
		name: `${direction}-fax-id-picker`,
	});
}

/**
 * The Job ID picker of Mail Merge Job → Get, on a new node, with five new jobs of the credential's
 * user: typing an ID leaves just the jobs whose ID or status contains it (worked out from the
 * service's job list). Run last: the jobs send outbound faxes.
 */
export async function jobIdPicker(context: StepContext): Promise<void> {
	step('Job ID picker of a mail merge job: newest first, typing filters, By ID checked');
	const { emulator } = context;
	const created: string[] = [];
	for (let i = 0; i < 5; i++) created.push(String(await postMailMergeJob(emulator, 1)));
	const answer = await asCredentialUser(emulator.urls.mailMerge, 'GET', '/Job');
	const jobs = answer.Jobs as Array<{ ID: number; Status: string }>;
	const newestFirst = [...jobs].sort((a, b) => b.ID - a.ID);
	// The second job created: its ID is in no other job's ID or status.
	const filter = created[1];
	const matching = newestFirst
		.filter((job) => [String(job.ID), job.Status].some((f) => f.toLowerCase().includes(filter)))
		.map((job) => String(job.ID));
	assert.ok(
		matching.includes(filter) && matching.length < jobs.length,
		`typing ${filter} leaves fewer jobs than there are (${JSON.stringify(jobs)})`,
	);

	await idPicker(context, {
		resource: 'mailMergeJob',
		parameter: 'jobId',
		newest: newestFirst.map((job) => String(job.ID)),
		filter,
		filtered: { exactly: matching },
		invalidId: 'job-1',
		name: 'job-id-picker',
	});
}

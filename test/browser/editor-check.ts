/**
 * The editor check: a real n8n set up like the sandbox (package, emulator credentials, examples),
 * driven in Debian's Chromium: the node found by searching "fax", its resources and operations,
 * the credential test green and red, the number request's region and city dropdowns, then the
 * steps of steps/. Screenshots in .test-output/browser/ (and docs/ with --update-docs).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { SEED_TOKENS, SEED_USERS } from '../../emulator';
import { lastSeq } from '../../emulator/request-log';
import { CREDENTIAL_NAMES } from '../harness/n8n/credentials';
import { loadExamples } from '../harness/n8n/examples';
import { buildAndPack, REPO_ROOT } from '../harness/n8n/package';
import { SANDBOX_OWNER, type N8nServer } from '../harness/n8n/n8n-server';
import { startEnvironment, startServer } from '../harness/environment';
import { freePort } from '../harness/ports';
import { messageOf, printSummary, secondsSince } from '../harness/report';
import { CommandLine } from '../harness/commandLine';
import { eventually } from '../harness/waitUntil';
import { launchChromium } from './chromium';
import { describedNode } from './described-node';
import type { StepContext } from './steps/step-context';
import {
	choose,
	expectSelected,
	openDropdown,
	optionNames,
	typeToFilter,
	visibleOptions,
} from './steps/dropdowns';
import { faxIdPicker } from './steps/fax-id-pickers';
import { openedNode, openFaxActions, selectCredential } from './steps/new-node';
import { importExampleStep } from './steps/import-example';
import { jobIdPicker } from './steps/job-id-picker';
import { schemaPreview } from './steps/schema-preview';
import { simplifyStep } from './steps/simplify';
import { sortStep } from './steps/sort';
import { openExample } from './steps/open-example';
import { twoFilesExample } from './steps/two-files-notice';

const OUTPUT_DIR = path.join(REPO_ROOT, '.test-output', 'browser');
const DOCS_DIR = path.join(REPO_ROOT, 'docs');
/** Typed into the Region and City dropdowns: part of several names, not of all. */
const REGION_FILTER = 'New';
const CITY_FILTER = 'st';

let shotCount = 0;
async function shot(page: Page, name: string): Promise<string> {
	shotCount += 1;
	const file = path.join(OUTPUT_DIR, `${String(shotCount).padStart(2, '0')}-${name}.png`);
	await page.screenshot({ path: file });
	return file;
}

function step(text: string): void {
	console.log(`  - ${text}`);
}

/**
 * Saves the open credential, which also runs its test: once the Save button has replaced the
 * "Saved" label (which ignores clicks until n8n has taken in the last edit), and until the label
 * is back (the save and its test are over; a password typed before then would not be saved).
 */
async function saveCredential(modal: Locator): Promise<void> {
	const save = modal.locator('[data-test-id="credential-save-button"] button:not([disabled])');
	await save.waitFor();
	await save.click();
	await modal.locator('[data-test-id="credential-save-button"]:has-text("Saved")').waitFor();
}

async function main(): Promise<void> {
	const started = Date.now();
	const updateDocs = new CommandLine().has('--update-docs');
	fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	console.log('\nEditor check in Chromium');
	const tarball = buildAndPack();
	const node = describedNode();
	const port = await freePort();
	const environment = await startEnvironment({
		workflows: loadExamples().map((example) => example.workflow),
		tarball,
		port,
		label: 'editor',
	});
	const { emulator } = environment;
	let server: N8nServer | undefined;
	const browser = await launchChromium();
	let page: Page | undefined;
	let passed = false;
	/** What the editor reported while the check ran: printed when the check fails. */
	const pageErrors: string[] = [];
	try {
		server = await startServer(environment, 'editor');
		page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.setDefaultTimeout(20_000);
		page.on('pageerror', (error) => pageErrors.push(`page error: ${error.message}`));
		page.on('console', (message) => {
			if (message.type() === 'error') pageErrors.push(`console error: ${message.text()}`);
		});

		step('log in');
		await page.goto(`${server.url}/signin`);
		await page.fill('#emailOrLdapLoginId', SANDBOX_OWNER.email);
		await page.fill('#password', SANDBOX_OWNER.password);
		await shot(page, 'signin');
		await page.click('[data-test-id="form-submit-button"]');
		await page.waitForURL((url) => !url.pathname.includes('signin'));

		step('search "fax" in the nodes panel, then resources and operations in the actions panel');
		const context = { page, serverUrl: server.url, emulator, node, shot };
		await openFaxActions(context, `${node.resources[0].name} Actions`, async () => {
			await shot(context.page, 'nodes-panel-search-fax');
		});
		// The panel draws its groups one after another: until every group is there.
		await eventually(async () => {
			const headers = await context.page
				.locator('[data-test-id="item-iterator-item"]')
				.allTextContents()
				.then((names) => names.map((n) => n.trim()).filter((n) => n.endsWith(' Actions')));
			assert.deepEqual(
				headers,
				node.resources.map((r) => `${r.name} Actions`),
				'one action group per resource, in the Resource dropdown order',
			);
		});
		const actionNames = await page
			.locator('[data-test-id="node-creator-item-name"]')
			.allTextContents()
			.then((names) => names.map((n) => n.trim()));
		for (const resource of node.resources) {
			for (const operation of resource.operations) {
				assert.ok(
					actionNames.includes(operation.action),
					`action "${operation.action}" (${resource.name} → ${operation.name}) is in the nodes panel`,
				);
			}
		}
		assert.ok(node.triggerEvents.length > 0, 'the package registers the Fax Cloud Trigger');
		for (const event of node.triggerEvents) {
			assert.ok(
				actionNames.some((name) => name.toLowerCase() === `on ${event.toLowerCase()}`),
				`trigger event "${event}" is in the nodes panel`,
			);
		}
		await shot(page, 'actions-panel');

		const send =
			node.resources[0].operations.find((o) => o.value === 'send') ??
			node.resources[0].operations[0];
		step(`add "${send.action}"`);
		await page
			.locator('[data-test-id="node-creator-item-name"]', { hasText: send.action })
			.first()
			.click();
		await openedNode(page);
		// The README's picture shows the credential a user has, whichever n8n picked for a new node.
		await selectCredential(context, CREDENTIAL_NAMES.fax);
		const ndvShot = await shot(page, 'node-send-fax');
		if (updateDocs) {
			fs.mkdirSync(DOCS_DIR, { recursive: true });
			fs.copyFileSync(ndvShot, path.join(DOCS_DIR, 'node-in-n8n.png'));
		}

		step('every resource and its operations in the dropdowns');
		await openDropdown(page, 'resource');
		const resourceNames: string[] = (await optionNames(page)).filter(
			(n) => n !== 'Custom API Call',
		);
		await shot(page, 'resource-dropdown');
		await page.keyboard.press('Escape');
		assert.deepEqual(
			resourceNames,
			node.resources.map((r) => r.name),
		);
		for (const resource of node.resources) {
			await choose(page, 'resource', resource.name);
			await openDropdown(page, 'operation');
			const operations: string[] = (await optionNames(page)).filter((n) => n !== 'Custom API Call');
			await page.keyboard.press('Escape');
			assert.deepEqual(
				[...operations].sort(),
				resource.operations.map((o) => o.name).sort(),
				`operations of ${resource.name}`,
			);
		}

		step('credential test: green against the emulator');
		await choose(page, 'resource', node.resources[0].name);
		await selectCredential(context, CREDENTIAL_NAMES.fax);
		await page.click('[data-test-id="credential-edit-button"]');
		const modal = page.locator('[data-test-id="editCredential-modal"]');
		const green = modal.locator('[data-test-id="credentials-config-container-test-success"]');
		// n8n 2.40's failure banner has no test id: it is found by its text.
		const red = modal.getByText(/Couldn.t connect with these settings/);
		/** Types a password, saves (which tests it), waits for `banner`; the service's answers. */
		const testPassword = async (password: string, banner: Locator) => {
			const since = lastSeq(emulator);
			await modal.locator('[data-test-id="parameter-input-password"] input').fill(password);
			await saveCredential(modal);
			await banner.waitFor();
			return emulator.control.requests({ sinceSeq: since, path: '^/v1/inboundfaxes$' });
		};
		const ok = await testPassword(SEED_USERS.alice.password, green);
		await shot(page, 'credential-test-green');
		assert.ok(
			ok.some((r) => r.status === 200 && r.auth.userId === SEED_USERS.alice.userId),
			'the credential test reached the emulator and succeeded',
		);

		step('credential test: red with a wrong password');
		const refused = await testPassword('not-the-password', red);
		// The banner's "More details" link, when it has details, gives way to them on a click: once
		// it is gone the details are drawn, and the text checked next includes them.
		const moreDetails = modal.getByText('More details');
		if ((await moreDetails.count()) > 0) {
			await moreDetails.click();
			await moreDetails.waitFor({ state: 'detached' });
		}
		const redText = (await modal.textContent()) ?? '';
		await shot(page, 'credential-test-red');
		assert.ok(!redText.includes('not-the-password'), 'the failed test shows no password');
		assert.ok(
			refused.some((r) => r.status === 401),
			'the emulator refused the wrong password',
		);
		await testPassword(SEED_USERS.alice.password, green);
		await modal
			.locator('button[aria-label="Close this dialog"], .el-dialog__headerbtn')
			.first()
			.click();
		await modal.waitFor({ state: 'hidden' });

		step('number request: region and city dropdowns from the emulator, searchable by typing');
		const numberRequest = node.resources.find((r) => r.value === 'numberRequest');
		assert.ok(numberRequest, 'the node has the Number Request resource');
		const since = lastSeq(emulator);
		await choose(page, 'resource', numberRequest.name);
		const nonTollFree = numberRequest.operations.find((o) => o.value === 'nonTollFree');
		assert.ok(nonTollFree, 'Number Request has a non-toll-free operation');
		await choose(page, 'operation', nonTollFree.name);
		await selectCredential(context, CREDENTIAL_NAMES.numbers);
		// Opens a dropdown: the names it offers (and a shot of it), and what the emulator's lookup
		// answers for it.
		const openWithLookup = async <T>(on: Page, parameter: string, lookupPath: string) => {
			await openDropdown(on, parameter);
			const offered = await optionNames(on);
			await shot(on, `${parameter}-dropdown`);
			const expected = (await emulatorLookup(emulator.urls.numbers, lookupPath)) as T[];
			return { offered, expected };
		};
		const { offered: regions, expected: expectedRegions } = await openWithLookup<{
			code: string;
			name: string;
		}>(page, 'region', '/api/numbers/regions/US');
		for (const region of expectedRegions) {
			assert.ok(
				regions.some((name) => name.includes(region.name)),
				`region ${region.name} is offered`,
			);
		}
		const newYork = expectedRegions.find((r) => r.code === 'NY');
		assert.ok(newYork);
		// The dropdown is searchable: typing part of a name leaves the regions that contain it.
		const matchingRegions = expectedRegions
			.filter((r) => r.name.toLowerCase().includes(REGION_FILTER.toLowerCase()))
			.map((r) => r.name);
		assert.ok(matchingRegions.includes(newYork.name) && matchingRegions.length > 1);
		await typeToFilter(page, REGION_FILTER, matchingRegions);
		await shot(page, 'region-dropdown-filtered');
		await visibleOptions(page).filter({ hasText: newYork.name }).first().click();
		await expectSelected(page, 'region', newYork.name);
		const { offered: cities, expected: expectedCities } = await openWithLookup<{ name: string }>(
			page,
			'city',
			'/api/numbers/cities/US/NY',
		);
		assert.ok(expectedCities.length > 0);
		for (const city of expectedCities) {
			assert.ok(cities.includes(city.name), `city ${city.name} is offered`);
		}
		const matchingCities = expectedCities
			.map((c) => c.name)
			.filter((name) => name.toLowerCase().includes(CITY_FILTER.toLowerCase()));
		assert.ok(matchingCities.length > 1 && matchingCities.length < expectedCities.length);
		await typeToFilter(page, CITY_FILTER, matchingCities);
		await shot(page, 'city-dropdown-filtered');
		await visibleOptions(page).filter({ hasText: matchingCities[0] }).first().click();
		await expectSelected(page, 'city', matchingCities[0]);
		const lookups = emulator.control.requests({ sinceSeq: since, api: 'numbers' });
		assert.ok(lookups.some((r) => r.path === '/api/numbers/regions/US' && r.status === 200));
		assert.ok(lookups.some((r) => r.path === '/api/numbers/cities/US/NY' && r.status === 200));
		assert.ok(lookups.every((r) => r.auth.scheme === 'Bearer' && r.auth.userId === 'admin@acme'));

		step('the "send a PDF" example opens with every node known');
		await openExample(page, server.url, {
			id: 'ExampleSendPdf01',
			file: 'send-pdf-and-report-outcome.json',
		});
		assert.equal(
			await page
				.locator(
					'[data-test-id="canvas-node"] [class*="disabled"], [data-test-id="node-not-installed"]',
				)
				.count(),
			0,
			'no node of the example is unknown',
		);
		const exampleShot = await shot(page, 'example-send-pdf');
		if (updateDocs) fs.copyFileSync(exampleShot, path.join(DOCS_DIR, 'example-send-pdf.png'));

		// The steps of steps/, in order: what each shows, then the step.
		const contextSteps: Array<[string, (context: StepContext) => Promise<void>]> = [
			[
				'the "two files on one item" example: Merge by position, both fields named',
				twoFilesExample,
			],
			['output schemas: the fields of a Fax Cloud node that has not run yet', schemaPreview],
			[
				'Fax ID picker: newest first, a filter reads on to later pages, By ID checked',
				(c) => faxIdPicker(c, 'outbound'),
			],
			[
				'inbound Fax ID picker: the same checks on received faxes',
				(c) => faxIdPicker(c, 'inbound'),
			],
			['Simplify: the simplified record, then with Simplify off the whole one', simplifyStep],
			['Sort of Get Many: by last modified time, descending then ascending', sortStep],
			[
				'Job ID picker of a mail merge job: newest first, typing filters, By ID checked',
				jobIdPicker,
			],
			[
				'an example imported from its file runs: "send a PDF", its version 2 nodes',
				importExampleStep,
			],
		];
		for (const [shows, run] of contextSteps) {
			step(shows);
			await run(context);
		}
		passed = true;
	} catch (error) {
		if (page) await shot(page, 'failure').catch(() => undefined);
		console.error(messageOf(error));
		if (pageErrors.length > 0) {
			console.error(`The editor reported (last ${Math.min(pageErrors.length, 20)}):`);
			for (const line of pageErrors.slice(-20)) console.error(`  ${line.slice(0, 500)}`);
		}
	} finally {
		await browser.close().catch(() => undefined);
		await server?.stop();
		await environment.close(!passed);
	}
	const kept = passed ? 'screenshots' : 'screenshots and n8n.log';
	process.exit(
		printSummary(
			'Editor check',
			[{ title: 'the editor in Chromium', passed }],
			secondsSince(started),
			[`${kept} in .test-output/browser/`],
		),
	);
}

async function emulatorLookup(base: string, path: string): Promise<unknown> {
	const res = await fetch(`${base}${path}`, {
		headers: { authorization: `Bearer ${SEED_TOKENS.acme}` },
	});
	assert.equal(res.status, 200);
	return await res.json();
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});

/**
 * The editor check: a real n8n set up like the sandbox (package, emulator credentials, examples),
 * driven in Debian's Chromium: the node found by searching "fax", its resources and operations,
 * the credential test green and red, the number request's region and city dropdowns, then the
 * steps of steps/. Screenshots in .test-output/browser/ (and docs/ with --update-docs).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { chromium, type Locator, type Page } from 'playwright-core';

import { SEED_TOKENS, SEED_USERS } from '../../emulator';
import { CREDENTIAL_NAMES } from '../harness/n8n/credentials';
import { loadExamples } from '../harness/n8n/examples';
import { buildAndPack, REPO_ROOT } from '../harness/n8n/package';
import { SANDBOX_OWNER, type N8nServer } from '../harness/n8n/n8n-server';
import { startEnvironment, startServer } from '../harness/environment';
import { freePort } from '../harness/ports';
import { messageOf, printSummary, secondsSince } from '../harness/report';
import { CommandLine } from '../harness/commandLine';
import { call } from '../harness/emulatorHttp';
import { ensureAptPackages } from '../harness/services/apt';
import { eventually } from '../harness/waitUntil';
import { describedNode } from './described-node';
import {
	choose,
	expectSelected,
	openDropdown,
	optionNames,
	typeToFilter,
	visibleOptions,
} from './steps/dropdowns';
import {
	importExampleStep,
	openExample,
	schemaPreview,
	twoFilesExample,
} from './steps/editor-examples';
import {
	addAction,
	openFaxActions,
	selectCredential,
	step,
	type StepContext,
} from './steps/new-node';
import { simplifyStep, sortStep } from './steps/output-steps';
import { faxIdPicker, jobIdPicker } from './steps/pickers';

const OUTPUT_DIR = path.join(REPO_ROOT, '.test-output', 'browser');
const DOCS_DIR = path.join(REPO_ROOT, 'docs');
const CHROMIUM = '/usr/bin/chromium';
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

/**
 * Debian's Chromium, installed when missing (CI starts from a clean machine). Without the
 * background-networking flags it keeps calling Google's hosts, which this closed network refuses.
 */
async function launchChromium() {
	ensureAptPackages(`Chromium (${CHROMIUM})`, () => fs.existsSync(CHROMIUM), ['chromium']);
	const flags = ['headless', 'no-sandbox', 'disable-gpu', 'disable-quic', 'no-first-run'];
	const quiet = ['disable-background-networking', 'disable-component-update', 'disable-sync'];
	const args = [...flags, ...quiet].map((flag) => `--${flag}`);
	return await chromium.launch({ executablePath: CHROMIUM, args });
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

/** The node panel's resources, each with its operations, as the node's description has them. */
async function resourceDropdowns({ page, node }: StepContext): Promise<void> {
	step('every resource and its operations in the dropdowns');
	const offered = async (parameter: string) => {
		await openDropdown(page, parameter);
		const names = (await optionNames(page)).filter((n) => n !== 'Custom API Call');
		if (parameter === 'resource') await shot(page, 'resource-dropdown');
		await page.keyboard.press('Escape');
		return names;
	};
	const resources = node.resources.map((r) => r.name);
	assert.deepEqual(await offered('resource'), resources);
	for (const resource of node.resources) {
		await choose(page, 'resource', resource.name);
		assert.deepEqual(
			(await offered('operation')).sort(),
			resource.operations.map((o) => o.name).sort(),
			`operations of ${resource.name}`,
		);
	}
}

/** The credential's Test (run by Save): green for alice's password, red for a wrong one. */
async function credentialTest({ page, node }: StepContext): Promise<void> {
	step('credential test: green against the emulator');
	await choose(page, 'resource', node.resources[0].name);
	await selectCredential(page, CREDENTIAL_NAMES.fax);
	await page.click('[data-test-id="credential-edit-button"]');
	const modal = page.locator('[data-test-id="editCredential-modal"]');
	const green = modal.locator('[data-test-id="credentials-config-container-test-success"]');
	// n8n 2.40's failure banner has no test id: it is found by its text.
	const red = modal.getByText(/Couldn.t connect with these settings/);
	const testPassword = async (password: string, banner: Locator) => {
		await modal.locator('[data-test-id="parameter-input-password"] input').fill(password);
		await saveCredential(modal);
		await banner.waitFor();
	};
	await testPassword(SEED_USERS.alice.password, green);
	await shot(page, 'credential-test-green');

	step('credential test: red with a wrong password');
	await testPassword('not-the-password', red);
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
	await testPassword(SEED_USERS.alice.password, green);
	await modal
		.locator('button[aria-label="Close this dialog"], .el-dialog__headerbtn')
		.first()
		.click();
	await modal.waitFor({ state: 'hidden' });
}

/** The number request's Region and City: the emulator's lookups, searchable by typing. */
/** Names in the order the node's dropdowns list them (accents and case aside, numbers by value). */
const byName = (a: string, b: string) =>
	a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

async function numberRequestDropdowns({ page, node, emulator }: StepContext): Promise<void> {
	step('number request: region and city dropdowns from the emulator, searchable by typing');
	const numberRequest = node.resources.find((r) => r.value === 'numberRequest');
	assert.ok(numberRequest, 'the node has the Number Request resource');
	await choose(page, 'resource', numberRequest.name);
	const nonTollFree = numberRequest.operations.find((o) => o.value === 'nonTollFree');
	assert.ok(nonTollFree, 'Number Request has a non-toll-free operation');
	await choose(page, 'operation', nonTollFree.name);
	await selectCredential(page, CREDENTIAL_NAMES.numbers);
	/** A dropdown opened: the names it offers, the emulator's lookup, those containing `filter`. */
	const dropdown = async (parameter: string, lookup: string, filter: string) => {
		await openDropdown(page, parameter);
		const offered = await optionNames(page);
		await shot(page, `${parameter}-dropdown`);
		const url = `${emulator.urls.numbers}/api/numbers/${lookup}`;
		const res = await call('GET', url, { auth: `Bearer ${SEED_TOKENS.acme}` });
		assert.equal(res.status, 200);
		const expected = res.json as Array<{ code: string; name: string }>;
		// The dropdown lists by name, whatever order the service lists (New York's cities: largest first).
		const matching = expected
			.map((e) => e.name)
			.filter((name) => name.toLowerCase().includes(filter.toLowerCase()))
			.sort(byName);
		return { offered, expected, matching };
	};
	/** Types `filter` into the open dropdown, sees just `matching`, and picks `pick`. */
	const filterAndPick = async (
		parameter: string,
		filter: string,
		matching: string[],
		pick: string,
	) => {
		await typeToFilter(page, filter, matching);
		await shot(page, `${parameter}-dropdown-filtered`);
		await visibleOptions(page).filter({ hasText: pick }).first().click();
		await expectSelected(page, parameter, pick);
	};
	const regions = await dropdown('region', 'regions/US', REGION_FILTER);
	for (const { name } of regions.expected)
		assert.ok(
			regions.offered.some((offered) => offered.includes(name)),
			`region ${name} is offered`,
		);
	const newYork = regions.expected.find((r) => r.code === 'NY');
	assert.ok(newYork);
	// The dropdown is searchable: typing part of a name leaves the regions that contain it.
	assert.ok(regions.matching.includes(newYork.name) && regions.matching.length > 1);
	await filterAndPick('region', REGION_FILTER, regions.matching, newYork.name);
	const cities = await dropdown('city', 'cities/US/NY', CITY_FILTER);
	const cityNames = cities.expected.map((city) => city.name);
	assert.deepEqual(cities.offered, ['Any City', ...[...cityNames].sort(byName)]);
	assert.notDeepEqual(cityNames, [...cityNames].sort(byName), 'the service lists them otherwise');
	const { matching } = cities;
	assert.ok(matching.length > 1 && matching.length < cities.expected.length);
	await filterAndPick('city', CITY_FILTER, matching, matching[0]);
}

async function main(): Promise<void> {
	const started = Date.now();
	const updateDocs = new CommandLine().has('--update-docs');
	fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	console.log('\nEditor check in Chromium');
	const tarball = buildAndPack();
	const node = describedNode();
	const environment = await startEnvironment({
		workflows: loadExamples().map((example) => example.workflow),
		tarball,
		port: await freePort(),
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
		const context: StepContext = { page, serverUrl: server.url, emulator, node, shot };
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
		for (const { name, operations } of node.resources) {
			for (const { action, name: operation } of operations)
				assert.ok(
					actionNames.includes(action),
					`action "${action}" (${name} → ${operation}) is in the nodes panel`,
				);
		}
		assert.ok(node.triggerEvents.length > 0, 'the package registers the Fax Cloud Trigger');
		const names = actionNames.map((name) => name.toLowerCase());
		for (const event of node.triggerEvents)
			assert.ok(
				names.includes(`on ${event.toLowerCase()}`),
				`trigger event "${event}" is in the nodes panel`,
			);
		await shot(page, 'actions-panel');

		const [first] = node.resources;
		const send = first.operations.find((o) => o.value === 'send') ?? first.operations[0];
		step(`add "${send.action}"`);
		await addAction(page, send.action);
		// The README's picture shows the credential a user has, whichever n8n picked for a new node.
		await selectCredential(page, CREDENTIAL_NAMES.fax);
		const ndvShot = await shot(page, 'node-send-fax');
		if (updateDocs) {
			fs.mkdirSync(DOCS_DIR, { recursive: true });
			fs.copyFileSync(ndvShot, path.join(DOCS_DIR, 'node-in-n8n.png'));
		}

		// The steps, in order; each says what it shows.
		const steps = [
			resourceDropdowns,
			credentialTest,
			numberRequestDropdowns,
			async ({ page, serverUrl }: StepContext) => {
				step('the "send a PDF" example opens with every node known');
				const example = { id: 'ExampleSendPdf01', file: 'send-pdf-and-report-outcome.json' };
				// openExample found no node-not-installed; none is drawn disabled either.
				await openExample(page, serverUrl, example);
				const disabled = page.locator('[data-test-id="canvas-node"] [class*="disabled"]');
				assert.equal(await disabled.count(), 0, 'no node of the example is unknown');
				const exampleShot = await shot(page, 'example-send-pdf');
				if (updateDocs) fs.copyFileSync(exampleShot, path.join(DOCS_DIR, 'example-send-pdf.png'));
			},
			twoFilesExample,
			schemaPreview,
			(c: StepContext) => faxIdPicker(c, 'outbound'),
			(c: StepContext) => faxIdPicker(c, 'inbound'),
			simplifyStep,
			sortStep,
			jobIdPicker,
			importExampleStep,
		];
		for (const run of steps) await run(context);
		passed = true;
	} catch (error) {
		if (page) await shot(page, 'failure').catch(() => undefined);
		console.error(messageOf(error));
		const last = pageErrors.slice(-20);
		if (last.length > 0) console.error(`The editor reported (last ${last.length}):`);
		for (const line of last) console.error(`  ${line.slice(0, 500)}`);
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

main().catch((e) => {
	console.error(e);
	process.exit(1);
});

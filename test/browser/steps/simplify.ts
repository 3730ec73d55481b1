import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import { lastSeq } from '../../../emulator/request-log';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import type { StepContext } from './step-context';
import { eventually } from '../../harness/waitUntil';
import { addActionNode, selectCredential } from './new-node';
import { executeStep, outputTable } from './output-table';
import { pickFromList } from './pickers';

/**
 * Simplify in the editor: Outbound Fax → Get of a fax picked from the list, run with "Execute
 * step", shows just the simplified fields of the record (those of SIMPLIFIED_FAX_FIELDS the
 * record has, in that order); with Simplify off the next run shows the whole record, the fields
 * the simplified one leaves out (TSI, CSI, Duration, ...) included.
 */
export async function simplifyStep(context: StepContext): Promise<void> {
	const { page, emulator, shot } = context;
	const now = emulator.control.now();
	const { lastId } = emulator.control.bulkCreateOutbound(1, {
		userId: SEED_USERS.alice.userId,
		from: now,
		to: now,
	});
	const faxId = String(lastId);
	const record = emulator.control.outboundFax(faxId);
	assert.ok(record, `the emulator holds fax ${faxId}`);
	const wholeFields = Object.keys(record);
	const simplified = SIMPLIFIED_FAX_FIELDS.outbound.filter((field) => field in record);
	const leftOut = wholeFields.filter((field) => !simplified.includes(field));
	assert.ok(leftOut.length > 10, 'the whole record has many fields Simplify leaves out');

	const ndv = await addActionNode(context, 'outboundFax', 'get');
	await selectCredential(context, CREDENTIAL_NAMES.fax);
	await pickFromList(page, ndv, 'faxId', faxId);
	const simple = ndv.locator('[data-test-id="parameter-input-simple"]').first();
	const simpleOn = async () => await simple.locator('[role="switch"]').getAttribute('aria-checked');
	assert.equal(await simpleOn(), 'true', 'Simplify is on by default');

	const gets = (since: number) =>
		emulator.control.requests({
			sinceSeq: since,
			api: 'fax',
			path: `^/v1/outboundfaxes/${faxId}$`,
		});
	let since = lastSeq(emulator);
	await executeStep(ndv);
	await eventually(async () => {
		const table = await outputTable(page);
		assert.deepEqual(table.columns, simplified, 'the simplified record, in its order');
		assert.equal(table.rows.length, 1);
		assert.equal(table.rows[0][0], faxId);
	}, 60_000);
	assert.ok(gets(since).length > 0, 'the run read the fax from the service');
	await shot(page, 'simplify-on');

	await simple.locator('.el-switch').click();
	await eventually(async () => assert.equal(await simpleOn(), 'false', 'Simplify is off'));
	since = lastSeq(emulator);
	await executeStep(ndv);
	await eventually(async () => {
		const table = await outputTable(page);
		// n8n's table shows the first 40 columns and says so when there are more.
		const shown = table.hidesColumns ? wholeFields.slice(0, table.columns.length) : wholeFields;
		assert.deepEqual(table.columns, shown, 'the whole record, in the service’s order');
		assert.ok(
			leftOut.filter((field) => table.columns.includes(field)).length >= 10,
			'the fields Simplify leaves out are shown',
		);
		assert.equal(table.rows[0][0], faxId);
	}, 60_000);
	assert.ok(gets(since).length > 0, 'the second run read the fax again');
	await shot(page, 'simplify-off');
	await page.keyboard.press('Escape');
}

/** The examples/ workflows, run as shipped (the sandbox imports the same files). */
import fs from 'node:fs';
import path from 'node:path';

import { SEED_USERS } from '../../../emulator';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { assert, jsonOf, onlyRequest, rowsOf } from '../lib/assert';
import { assertPdfFiles, filedFaxIds } from './fixtures';
import type { E2eCase } from '../lib/run-cases';

export const exampleCases: E2eCase[] = [
	{
		title: 'Example: send a PDF and report its outcome',
		workflow: 'examples/send-pdf-and-report-outcome.json',
		check(result, { emulator }) {
			const send = onlyRequest(result.requests, 'POST', '/v1/outboundfaxes');
			assert.deepEqual(send.params.FaxNumber, '12125550000');
			const files = rowsOf(send.files, 'filename', 'contentType');
			assert.deepEqual(files, [['sample-fax.pdf', 'application/pdf']]);
			const [report] = jsonOf(result.items('Report Outcome'));
			const faxId = Number(jsonOf(result.items('Send Fax'))[0].FaxId);
			// Get Fax Status has Simplify off: the sentence uses fields Simplify leaves out (Duration).
			// It is the example's sentence for a fax the service holds as sent, read by its FaxId.
			const record = emulator.control.outboundFax(faxId)!;
			assert.equal(
				report.outcome,
				`Fax ${faxId} to 12125550000 was sent: 1 of 1 page(s) in ${record.Duration} s.`,
			);
		},
	},
	{
		title: 'Example: mail merge from a list',
		workflow: 'examples/mail-merge-from-a-list.json',
		check(result) {
			const create = onlyRequest(result.requests, 'POST', '/v1/Job');
			assert.equal(create.params.FaxNumerColumnName, 'FaxNumber');
			assert.equal(create.params.ExpectedFaxes, '3');
			assert.deepEqual(create.files.map((f) => [f.field, f.contentType]).sort(), [
				['CSV', 'text/csv'],
				['Template', 'application/pdf'],
			]);
			const [created] = jsonOf(result.items('Create Mail Merge Job'));
			const [job] = jsonOf(result.items('Get Job'));
			assert.equal(job.ID, created.JobID);
			assert.equal(job.Status, 'COMPLETE');
			assert.equal(job.ExpectedFaxCount, 3);
			const faxes = jsonOf(result.items('List Faxes of the Job'));
			assert.deepEqual(faxes.map((f) => f.FaxNumber).sort(), [
				'12125550000',
				'13125550000',
				'14155550000',
			]);
		},
	},
	{
		title: 'Example: request a fax number',
		workflow: 'examples/request-a-number.json',
		check(result, { emulator }) {
			const nonTollFree = '/api/numbers/add-new-number-request/non-toll-free';
			onlyRequest(result.requests, 'POST', nonTollFree, SEED_USERS.acmeAdmin);
			const [ticket] = jsonOf(result.items('Request Number'));
			assert.equal(ticket.type, 'non_toll_free');
			assert.equal(ticket.status, 'submitted');
			assert.deepEqual(ticket.request, {
				country_code: 'US',
				region: 'NY',
				city: 'New York',
				area_code: ['212'],
				notify_email: ['fax-admin@acme.example'],
				assign_to_user: 'alice@acme',
				comment: 'Second fax line for the New York office',
				department_name: 'Sales',
				forward_from: '',
			});
			const stored = emulator.control.numberRequests();
			assert.ok(stored.some((r) => r.id === ticket.id && r.type === 'non_toll_free'));
		},
	},
	{
		title: 'Example: file inbound faxes left unmarked (older than 60 minutes)',
		workflow: 'examples/file-unmarked-faxes.json',
		prepare({ emulator, filesFolder, state }) {
			fs.mkdirSync(path.join(filesFolder, 'fax-inbox'), { recursive: true });
			const { control } = emulator;
			// The example's window is on n8n's clock ($now); the emulator's may be ahead of it (cases
			// before this one advance it).
			const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
			const idsOf = (faxes: Array<Record<string, string>>) => faxes.map((f) => Number(f.FaxId));
			const userId = SEED_USERS.bob.userId;
			state.set('unmarked example', {
				left: idsOf(control.injectInbound({ userId, at: ago(180), count: 2 })),
				marked: idsOf(control.injectInbound({ userId, at: ago(180), fields: { Mark: 'true' } })),
				recent: idsOf(control.injectInbound({ userId, at: ago(10) })),
			});
		},
		check(result, { emulator, filesFolder, state }) {
			const faxes = state.get('unmarked example') as Record<'left' | 'marked' | 'recent', number[]>;
			const inbox = path.join(filesFolder, 'fax-inbox');
			const filed = filedFaxIds(inbox);
			for (const id of faxes.left) assert.ok(filed.includes(id), `fax ${id} filed`);
			for (const id of [...faxes.marked, ...faxes.recent])
				assert.ok(!filed.includes(id), `fax ${id} not filed`);
			// Version 2 as users get it: Get Many simplified, Download's item the fax's own record.
			const listed = jsonOf(result.items('Unmarked Faxes'));
			for (const fax of listed)
				assert.deepEqual(
					Object.keys(fax),
					SIMPLIFIED_FAX_FIELDS.inbound.filter((field) => field in fax),
				);
			assert.ok(listed.every((fax) => 'ReceivedTime' in fax && 'FaxUserId' in fax));
			const downloaded = jsonOf(result.items('Download PDF'));
			assert.deepEqual(downloaded.map((fax) => Number(fax.FaxId)).sort(), [...filed].sort());
			for (const fax of downloaded)
				assert.ok('TSI' in fax && 'Duration' in fax, 'the whole record, not the simplified input');
			const search = onlyRequest(result.requests, 'GET', '/v1/inboundfaxes');
			assert.equal(search.params.Mark, 'false');
			assert.equal(search.params.FaxUserId, '*');
			const marks = result.requests
				.filter((r) => r.method === 'PUT')
				.map((r) => Number(r.path.split('/').at(-1)));
			assert.deepEqual([...marks].sort(), [...filed].sort(), 'each filed fax marked, no other');
			const records = emulator.control.inboundAll();
			for (const id of faxes.left)
				assert.equal(records.find((f) => Number(f.FaxId) === id)?.Mark, 'true');
			assertPdfFiles(inbox);
		},
	},
	// examples/two-files-on-one-item.json: a CSV and a PDF form made on two branches, joined on
	// one item by a Merge node (by position), then one mail merge job with both files.
	{
		title: 'Example: two files on one item (mail merge CSV and PDF form)',
		workflow: 'examples/two-files-on-one-item.json',
		check(result) {
			const [joined] = result.items('CSV and Template on One Item');
			assert.deepEqual(
				Object.keys(joined.binary ?? {}).sort(),
				['csv', 'template'],
				'the Merge node puts both files on one item, each in its own field',
			);
			const create = onlyRequest(result.requests, 'POST', '/v1/Job', SEED_USERS.alice);
			assert.deepEqual(create.files.map((f) => [f.field, f.filename, f.contentType]).sort(), [
				['CSV', 'recipients.csv', 'text/csv'],
				['Template', 'payment-reminder-template.pdf', 'application/pdf'],
			]);
			assert.equal(create.params.FaxNumerColumnName, 'FaxNumber');
			assert.equal(create.params.ExpectedFaxes, '2', 'both recipients of the CSV');
			const [job] = jsonOf(result.items('Create Mail Merge Job'));
			assert.equal(typeof job.JobID, 'number');
			assert.equal(job.ExpectedFaxes, 2);
		},
	},
];

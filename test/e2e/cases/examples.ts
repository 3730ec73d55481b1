import fs from 'node:fs';
import path from 'node:path';

import { SEED_USERS } from '../../../emulator';
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import type { E2eCase } from '../lib/types';

/** The examples/ workflows, run as shipped: the sandbox imports the same files. */
export const exampleCases: E2eCase[] = [
	{
		title: 'Example: send a PDF and report its outcome',
		workflow: 'examples/send-pdf-and-report-outcome.json',
		check(result, { emulator }) {
			const send = onlyRequest(result.requests, 'POST', '/v1/outboundfaxes');
			assert.deepEqual(send.params.FaxNumber, '12125550000');
			assert.deepEqual(
				send.files.map((f) => [f.filename, f.contentType]),
				[['sample-fax.pdf', 'application/pdf']],
			);
			const [report] = jsonOf(result.items('Report Outcome'));
			const faxId = Number(jsonOf(result.items('Send Fax'))[0].FaxId);
			assert.equal(report.faxId, faxId);
			assert.equal(report.status, 'sent');
			assert.equal(emulator.control.outboundFax(faxId)?.FaxStatus, 'sent');
			assert.match(
				String(report.outcome),
				new RegExp(`^Fax ${faxId} to 12125550000 was sent: 1 of 1 page`),
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
			const request = onlyRequest(
				result.requests,
				'POST',
				'/api/numbers/add-new-number-request/non-toll-free',
			);
			assert.equal(request.auth.scheme, 'Bearer');
			assert.equal(request.auth.userId, 'admin@acme');
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
			const stored = emulator.control.numberRequests() as Array<{ id: unknown; type: string }>;
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
			const filed = fs.readdirSync(inbox).map((name) => Number(/-fax-(\d+)\.pdf$/.exec(name)?.[1]));
			for (const id of faxes.left) assert.ok(filed.includes(id), `fax ${id} filed`);
			for (const id of [...faxes.marked, ...faxes.recent])
				assert.ok(!filed.includes(id), `fax ${id} not filed`);
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
			for (const name of fs.readdirSync(inbox)) {
				const head = fs.readFileSync(path.join(inbox, name)).subarray(0, 5).toString('latin1');
				assert.equal(head, '%PDF-', `${name} is a PDF`);
			}
		},
	},
];

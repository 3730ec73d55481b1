/**
 * n8n's date picker yields wall-clock values without a zone, meant in the workflow's timezone: the
 * workflow's own Timezone setting, else the instance's GENERIC_TIMEZONE (the suite's n8n runs
 * with America/New_York, n8n's default). The service receives them in UTC.
 */
import { assert, requestsTo } from '../lib/assert';
import type { E2eCase, RunResult } from '../lib/run-cases';

/** The one value of a parameter on the wire (query string or body). */
function wireValue(result: RunResult, method: string, path: string, index: number, name: string) {
	const request = requestsTo(result.requests, method, path)[index];
	assert.ok(request, `request ${index + 1} of ${method} ${path} was sent`);
	return request.query[name] ?? request.params[name];
}

export const timezoneCases: E2eCase[] = [
	{
		title:
			'Dates: without a zone they mean n8n’s timezone (America/New_York, winter and summer time)',
		workflow: 'timezone-new-york.json',
		check(result) {
			const send = (i: number) => wireValue(result, 'POST', '/v1/outboundfaxes', i, 'SendAfter');
			assert.equal(send(0), '2026-01-15T14:00:00Z', '09:00 EST is 14:00 UTC');
			assert.equal(send(1), '2026-07-15T13:00:00Z', '09:00 EDT is 13:00 UTC');
			const search = (name: string) => wireValue(result, 'GET', '/v1/outboundfaxes', 0, name);
			assert.equal(search('DatetimeAfter'), '2026-03-08T06:30:00Z', '01:30 EST, before the change');
			assert.equal(search('DatetimeBefore'), '2026-10-31T20:00:00Z', 'an explicit +05:30 is kept');
		},
	},
	{
		title: 'Dates: without a zone they mean the workflow’s Timezone setting (Asia/Kolkata)',
		workflow: 'timezone-kolkata.json',
		check(result) {
			const search = (name: string) => wireValue(result, 'GET', '/v1/inboundfaxes', 0, name);
			assert.equal(search('DatetimeAfter'), '2026-11-24T03:30:00Z', '09:00 IST is 03:30 UTC');
			assert.equal(search('DatetimeBefore'), '2026-11-24T18:00:00Z', 'an explicit Z is kept');
			assert.equal(
				wireValue(result, 'POST', '/v1/outboundfaxes', 0, 'SendAfter'),
				'2026-11-24T03:30:00Z',
			);
		},
	},
];

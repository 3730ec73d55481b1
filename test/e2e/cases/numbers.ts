/** The version 1 cases of the Number Request and Number Lookup resources, one workflow each. */
import { SEED_TOKENS, SEED_USERS } from '../../../emulator';
import {
	assert,
	assertFields,
	assertNoSecrets,
	jsonOf,
	onlyRequest,
	valuesOf,
} from '../lib/assert';
import { call } from '../../harness/emulatorHttp';
import type { E2eCase, E2eContext } from '../lib/run-cases';

/** What the emulator's numbers interface answers, read directly as the ground truth. */
async function lookup(ctx: E2eContext, path: string): Promise<Array<Record<string, string>>> {
	const res = await call('GET', `${ctx.emulator.urls.numbers}${path}`, {
		auth: `Bearer ${SEED_TOKENS.acme}`,
	});
	assert.equal(res.status, 200, `${path} answers`);
	return res.json as Array<Record<string, string>>;
}

export const numberCases: E2eCase[] = [
	{
		title: 'Number request: non-toll-free, region and city named by an expression',
		workflow: 'number-request-non-toll-free.json',
		check(result) {
			const nonTollFree = '/api/numbers/add-new-number-request/non-toll-free';
			assert.equal(onlyRequest(result.requests, 'POST', nonTollFree).status, 201);
			const [ticket] = jsonOf(result.items('Request Number'));
			assert.equal(ticket.type, 'non_toll_free');
			// The region name became its code.
			assertFields(ticket.request as Record<string, unknown>, {
				country_code: 'US',
				region: 'IL',
				city: 'Chicago',
				notify_email: ['fax-admin@acme.example'],
			});
		},
	},
	{
		title: 'Number request: toll-free with additional fields',
		workflow: 'number-request-toll-free.json',
		check(result) {
			const path = '/api/numbers/add-new-number-request/toll-free';
			const request = onlyRequest(result.requests, 'POST', path, SEED_USERS.acmeAdmin);
			assertFields(request.params, {
				preferred_prefix: '888',
				notify_email: ['fax-admin@acme.example', 'it@acme.example'],
			});
			const [ticket] = jsonOf(result.items('Request Toll-Free Number'));
			assertFields(ticket, { type: 'toll_free', status: 'submitted' });
			assertFields(ticket.request as Record<string, unknown>, {
				assign_to_user: 'bob@acme',
				comment: 'Customer hotline',
				department_name: 'Support',
				country_code: 'US',
			});
		},
	},
	{
		title: 'Number request: port-in with a letter of authorization and a bill',
		workflow: 'number-request-port-in.json',
		check(result) {
			const request = onlyRequest(result.requests, 'POST', '/api/numbers/add-port-request');
			assert.deepEqual(request.files.map((f) => [f.field, f.filename, f.contentType]).sort(), [
				['billFile', 'phone-bill.pdf', 'application/pdf'],
				['loaFile', 'letter-of-authorization.pdf', 'application/pdf'],
			]);
			const [ticket] = jsonOf(result.items('Request Port-In'));
			assert.equal(ticket.type, 'port_in');
			const sent = ticket.request as Record<string, unknown>;
			assert.equal(String(sent.number_to_port).replace(/\D/g, '').slice(-10), '2125550199');
			assertFields(sent, { assign_to_user: 'alice@acme', toll_free: false });
		},
	},
	{
		title: 'Number request: a token without number rights gives a clear error',
		workflow: 'number-request-forbidden.json',
		check(result) {
			const [request] = result.requests;
			assert.equal(request.status, 403);
			const [item] = jsonOf(result.items('Request Number'));
			assert.ok(item.error);
			assertNoSecrets(JSON.stringify(result.run), [SEED_TOKENS.acmeNotAdmin]);
		},
	},
	{
		title: 'Number lookup: regions of a country, all and limited',
		workflow: 'number-lookup-regions.json',
		async check(result, ctx) {
			const provinces = await lookup(ctx, '/api/numbers/regions/CA');
			const all = jsonOf(result.items('Canadian Provinces'));
			assert.equal(all.length, provinces.length);
			assert.deepEqual(valuesOf(all, 'code'), valuesOf(provinces, 'code'));
			assert.equal(jsonOf(result.items('First Three US States')).length, 3);
		},
	},
	{
		title: 'Number lookup: cities of a region',
		workflow: 'number-lookup-cities.json',
		async check(result, ctx) {
			const cities = await lookup(ctx, '/api/numbers/cities/US/NY');
			onlyRequest(result.requests, 'GET', '/api/numbers/cities/US/NY');
			const shown = jsonOf(result.items('Cities of New York'));
			assert.deepEqual(valuesOf(shown, 'name'), valuesOf(cities, 'name'));
		},
	},
	{
		title: 'Number lookup: area codes of a city and of a whole region',
		workflow: 'number-lookup-area-codes.json',
		async check(result, ctx) {
			const city = await lookup(ctx, '/api/numbers/area_codes/US/NY/New%20York');
			const region = await lookup(ctx, '/api/numbers/area_codes/CA/ON');
			const areaCodes = (node: string) => valuesOf(jsonOf(result.items(node)), 'areaCode');
			assert.deepEqual(areaCodes('Area Codes of New York City'), valuesOf(city, 'areaCode'));
			assert.ok(city.some((a) => a.areaCode === '212'));
			assert.deepEqual(areaCodes('Area Codes of Ontario'), valuesOf(region, 'areaCode'));
		},
	},
];

import type { IDataObject } from 'n8n-workflow';

import { clearNumbersCache } from '../../../../nodes/shared/numbersCache';
import { SEED_TOKENS } from '../../../harness/jest/emulator';
import { errorText, useNumbersSuite } from '../numberRequest/numbersHelpers';
import { fieldOf, jsonOf, succeeded } from '../faxCloudExpect';

const { run, requests } = useNumbersSuite('numberLookup');
beforeEach(() => clearNumbersCache());

const lookup = (
	operation: 'getRegions' | 'getCities' | 'getAreaCodes',
	place: IDataObject,
	options = {},
) => run(operation, { returnAll: true, ...place }, options);

test('Get Regions lists the states of the US with the Bearer token of the credential', async () => {
	const result = await lookup('getRegions', { country: 'US' }).then(succeeded);
	expect(result.items).toHaveLength(51);
	expect(jsonOf(result)).toContainEqual({ code: 'NY', name: 'New York' });
	expect(result.items[0].pairedItem).toEqual({ item: 0 });
	expect(requests().map((r) => [r.method, r.path, r.auth])).toEqual([
		['GET', '/api/numbers/regions/US', { scheme: 'Bearer', userId: 'admin@acme' }],
	]);
});

test('Get Regions with a Limit returns the first regions of the list', async () => {
	const all = await lookup('getRegions', { country: 'CA' });
	const limited = await lookup('getRegions', { country: 'CA', returnAll: false, limit: 3 });
	expect(jsonOf(limited)).toEqual(all.items.slice(0, 3).map((item) => item.json));
	expect(all.items.length).toBeGreaterThan(3);
});

test('Get Cities takes the region as a code or a name in any case and sends its code', async () => {
	for (const region of ['NY', 'ny', 'New York']) {
		const result = await lookup('getCities', { country: 'US', region }).then(succeeded);
		expect(jsonOf(result)).toContainEqual({ name: 'New York', region: 'NY', country: 'US' });
	}
	// The regions list and the cities are each asked once; the rest came from the cache.
	expect(requests().map((r) => r.path)).toEqual([
		'/api/numbers/regions/US',
		'/api/numbers/cities/US/NY',
	]);
});

test('an unknown region is refused with the codes that exist, before its cities are asked for', async () => {
	const result = await lookup('getCities', { country: 'US', region: 'XX' });
	expect(result.error?.message).toBe(
		'Invalid "Region": "XX" is not a region of US; use one of AL, AK, AZ, AR, CA, CO, CT, DE, DC, FL, GA, HI, …',
	);
	expect(result.error?.description).toMatch(/Get Regions/);
	expect(requests().map((r) => r.path)).toEqual(['/api/numbers/regions/US']);
});

test('Get Area Codes of a city with a space: the city is one encoded path segment', async () => {
	const result = await lookup('getAreaCodes', { country: 'US', region: 'NY', city: 'New York' });
	expect(result.error).toBeUndefined();
	expect(fieldOf(result, 'areaCode')).toEqual(expect.arrayContaining(['212', '646', '718']));
	expect(requests().map((r) => r.path)).toContain('/api/numbers/area_codes/US/NY/New%20York');
});

test('Get Area Codes without a city lists the codes of the whole region', async () => {
	const result = await lookup('getAreaCodes', { country: 'US', region: 'NY', city: '' });
	expect(result.items.length).toBeGreaterThan(5);
	expect(result.items.every((item) => item.json.city === undefined)).toBe(true);
	expect(requests().map((r) => r.path)).toContain('/api/numbers/area_codes/US/NY');
});

test('a city with "/" and "?" stays inside its path segment and adds no query', async () => {
	const city = 'Winston/Salem?state=NC#x';
	const result = await lookup('getAreaCodes', { country: 'US', region: 'NC', city });
	// The service received the whole name as the city: it is simply not one of its cities.
	expect(result.error?.message).toBe(`Not found (HTTP 404): Unknown city ${city}`);
	const request = requests().find((r) => r.path.startsWith('/api/numbers/area_codes'));
	expect(request).toMatchObject({
		path: '/api/numbers/area_codes/US/NC/Winston%2FSalem%3Fstate%3DNC%23x',
		query: {},
	});
});

test('a real city with an accent still works', async () => {
	const result = await lookup('getAreaCodes', { country: 'CA', region: 'QC', city: 'Montréal' });
	expect(fieldOf(result, 'areaCode')).toEqual(['514', '438']);
});

test('a token of a user who may not manage numbers: access denied, no token in the error', async () => {
	const result = await lookup('getRegions', { country: 'US' }, { token: SEED_TOKENS.acmeNotAdmin });
	expect(result.error?.message).toMatch(/^Access denied \(HTTP 403\)/);
	expect(result.error?.description).toMatch(/number requests need a portal administrator/);
	expect(errorText(result.error)).not.toContain(SEED_TOKENS.acmeNotAdmin);
});

test('a country from an expression in lower case is read as its code', async () => {
	const result = await lookup('getRegions', { country: '={{ "ca" }}' }).then(succeeded);
	expect(jsonOf(result)).toContainEqual(expect.objectContaining({ code: 'ON' }));
	expect(requests().map((r) => r.path)).toEqual(['/api/numbers/regions/CA']);
});

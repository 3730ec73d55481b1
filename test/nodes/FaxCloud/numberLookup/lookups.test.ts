import type { IDataObject } from 'n8n-workflow';

import {
	cachedLookup,
	clearNumbersCache,
	LOOKUP_CACHE_MAX_ENTRIES,
	LOOKUP_CACHE_TTL_MS,
	numbersCacheSize,
	numbersCredentialIdentity,
} from '../../../../nodes/shared/numbersCache';
import { SEED_TOKENS } from '../../../harness/jest/emulator';
import { LOOKUP_ORDERS } from '../../../../emulator/numbers/numbers-api';
import { errorText, useNumbersSuite } from '../numberRequest/numbersHelpers';
import { fieldOf, jsonOf, succeeded } from '../faxCloudExpect';

const { emulator, run, dropdown, requests } = useNumbersSuite('numberLookup');
beforeEach(() => clearNumbersCache());
afterEach(() => jest.restoreAllMocks());

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

test('a lookup with a token of a user who may not manage numbers: access denied, no token in the error', async () => {
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

describe('dropdowns of the request operations', () => {
	test('Region lists the provinces of the chosen country as "Name (CODE)"', async () => {
		const options = await dropdown('getRegions', { country: 'CA' });
		expect(options).toContainEqual({ name: 'Ontario (ON)', value: 'ON' });
		expect(options).not.toContainEqual(expect.objectContaining({ value: 'NY' }));
	});

	test('City lists the cities of the chosen region after "Any City"', async () => {
		const options = await dropdown('getCities', { country: 'CA', region: 'QC' });
		expect(options[0]).toEqual({ name: 'Any City', value: '' });
		expect(options).toContainEqual({ name: 'Montréal', value: 'Montréal' });
		expect(requests().map((r) => r.path)).toEqual(['/api/numbers/cities/CA/QC']);
	});

	test('Area Codes lists the codes of the chosen city, or of the region without a city', async () => {
		const ofCity = await dropdown('getAreaCodes', {
			country: 'US',
			region: 'NY',
			city: 'New York',
		});
		expect(ofCity.map((option) => option.value)).toEqual(expect.arrayContaining(['212', '646']));
		expect(ofCity).toContainEqual({ name: '212 (New York)', value: '212' });
		const ofRegion = await dropdown('getAreaCodes', { country: 'US', region: 'NY', city: '' });
		expect(ofRegion.length).toBeGreaterThan(ofCity.length);
		expect(requests().map((r) => r.path)).toEqual([
			'/api/numbers/area_codes/US/NY/New%20York',
			'/api/numbers/area_codes/US/NY',
		]);
	});

	test('a city with "/" and "?" in the Area Codes dropdown stays one path segment', async () => {
		await expect(
			dropdown('getAreaCodes', { country: 'US', region: 'NY', city: 'A/B?c=d' }),
		).rejects.toThrow('Not found (HTTP 404): Unknown city A/B?c=d');
		expect(requests().map((r) => [r.path, r.query])).toEqual([
			['/api/numbers/area_codes/US/NY/A%2FB%3Fc%3Dd', {}],
		]);
	});

	test('no list while the choice it depends on is missing or an expression', async () => {
		expect(await dropdown('getCities', { country: 'US', region: '' })).toEqual([]);
		expect(await dropdown('getCities', { country: 'US', region: '={{ $json.state }}' })).toEqual(
			[],
		);
		expect(await dropdown('getAreaCodes', { country: '', region: 'NY' })).toEqual([]);
		expect(requests()).toHaveLength(0);
	});

	// The description shows no lookup records, nor their order: the emulator lists Nova Scotia
	// before Northwest Territories, cities largest first and a city's overlay codes last, or all
	// of them reversed.
	test.each(LOOKUP_ORDERS)(
		'each dropdown is by name (area codes by value) on a service listing lookups %s',
		async (order) => {
			emulator().control.setNumbersLookupOrder(order);
			const names = async (method: 'getRegions' | 'getCities', region = 'QC') =>
				(await dropdown(method, { country: 'CA', region })).map((option) => option.name);
			const regions = await names('getRegions');
			expect(regions.slice(0, 1).concat(regions.slice(4, 8))).toEqual([
				'Alberta (AB)',
				'Newfoundland and Labrador (NL)',
				'Northwest Territories (NT)',
				'Nova Scotia (NS)',
				'Nunavut (NU)',
			]);
			expect(await names('getCities')).toEqual([
				'Any City',
				'Gatineau',
				'Laval',
				'Lévis',
				'Longueuil',
				'Montréal',
				'Québec',
				'Rimouski',
				'Saguenay',
				'Sherbrooke',
				'Trois-Rivières',
			]);
			const codes = await dropdown('getAreaCodes', {
				country: 'US',
				region: 'NY',
				city: 'New York',
			});
			expect(codes.map((option) => option.value)).toEqual([
				'212',
				'332',
				'347',
				'646',
				'718',
				'917',
				'929',
			]);
		},
	);
});

describe('lookup cache', () => {
	test('the cache is per arguments and per credential; a second load of one sends no request', async () => {
		const first = await dropdown('getRegions', { country: 'US' });
		await dropdown('getRegions', { country: 'CA' });
		await dropdown('getRegions', { country: 'US' }, SEED_TOKENS.globex);
		await dropdown('getRegions', { country: 'CA' }, SEED_TOKENS.globex);
		expect(await dropdown('getRegions', { country: 'US' })).toEqual(first);
		expect(requests().map((r) => [r.path, r.auth.userId])).toEqual([
			['/api/numbers/regions/US', 'admin@acme'],
			['/api/numbers/regions/CA', 'admin@acme'],
			['/api/numbers/regions/US', 'admin@globex'],
			['/api/numbers/regions/CA', 'admin@globex'],
		]);
	});

	test('a token without access is never answered from another token’s cache', async () => {
		await dropdown('getRegions', { country: 'US' });
		await expect(
			dropdown('getRegions', { country: 'US' }, SEED_TOKENS.acmeNotAdmin),
		).rejects.toThrow(/Access denied \(HTTP 403\)/);
	});

	test('lookups are kept for a day, then asked again', async () => {
		const start = Date.now();
		const now = jest.spyOn(Date, 'now').mockReturnValue(start);
		await dropdown('getCities', { country: 'US', region: 'NY' });
		now.mockReturnValue(start + LOOKUP_CACHE_TTL_MS - 1);
		await dropdown('getCities', { country: 'US', region: 'NY' });
		expect(requests()).toHaveLength(1);
		now.mockReturnValue(start + LOOKUP_CACHE_TTL_MS);
		await dropdown('getCities', { country: 'US', region: 'NY' });
		expect(requests()).toHaveLength(2);
	});

	test('a failed lookup is not kept: the next load asks again', async () => {
		const regions = { api: 'numbers', path: '^/api/numbers/regions' } as const;
		emulator().control.addFault({ ...regions, kind: 'http500', count: 3 });
		await expect(dropdown('getRegions', { country: 'US' })).rejects.toThrow(/HTTP 500/);
		const options = await dropdown('getRegions', { country: 'US' });
		expect(options).toContainEqual({ name: 'Texas (TX)', value: 'TX' });
		expect(requests().map((r) => r.status)).toEqual([500, 500, 500, 200]);
	});

	test('the credential is known by its base URL and a digest, never by its token', () => {
		const identityOf = (numbersBaseUrl: string, accessToken: string) =>
			numbersCredentialIdentity({ numbersBaseUrl, accessToken });
		const identity = identityOf('https://numbers.example.com/', 'secret-token-123');
		expect(identity).toMatch(/^https:\/\/numbers\.example\.com#[0-9a-f]{16}$/);
		expect(identity).not.toContain('secret-token-123');
		expect(identityOf('https://numbers.example.com', 'secret-token-124')).not.toBe(identity);
	});

	test('the cache holds a bounded number of entries, dropping the oldest', async () => {
		for (let index = 0; index < LOOKUP_CACHE_MAX_ENTRIES + 20; index++) {
			await cachedLookup('identity', ['regions', String(index)], async () => [index]);
		}
		expect(numbersCacheSize()).toBe(LOOKUP_CACHE_MAX_ENTRIES);
		const load = jest.fn(async () => [0]);
		await cachedLookup('identity', ['regions', '0'], load);
		expect(load).toHaveBeenCalled();
	});

	test('loads of one key at the same time share one request', async () => {
		await Promise.all([
			dropdown('getRegions', { country: 'US' }),
			dropdown('getRegions', { country: 'US' }),
			dropdown('getRegions', { country: 'US' }),
		]);
		expect(requests()).toHaveLength(1);
	});
});

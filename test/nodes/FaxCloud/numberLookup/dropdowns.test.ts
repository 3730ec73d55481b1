import {
	cachedLookup,
	clearNumbersCache,
	LOOKUP_CACHE_MAX_ENTRIES,
	LOOKUP_CACHE_TTL_MS,
	numbersCacheSize,
	numbersCredentialIdentity,
} from '../../../../nodes/shared/numbersCache';
import { SEED_TOKENS } from '../../../harness/jest/emulator';
import { useNumbersSuite } from '../numberRequest/numbersHelpers';

const { emulator, dropdown, requests } = useNumbersSuite();
beforeEach(() => clearNumbersCache());
afterEach(() => jest.restoreAllMocks());

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

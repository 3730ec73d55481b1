/** The emulator's numbers dataset: regions, cities and area codes of the US and Canada. */
import {
	findCity,
	isKnownCountry,
	isKnownRegion,
	listAreaCodes,
	listCities,
	listRegions,
	normalizeCityName,
} from '../../emulator/numbers/dataset/geography';
import citiesJson from '../../emulator/numbers/dataset/cities.json';

const codesOf = (country: string, region: string, city?: string): string[] =>
	listAreaCodes(country, region, city).map((a) => a.areaCode);

describe('regions', () => {
	it('has all 50 US states plus DC', () => {
		const us = listRegions('US');
		expect(us).toHaveLength(51);
		expect(new Set(us.map((r) => r.code)).size).toBe(51);
		expect(us).toContainEqual({ code: 'NY', name: 'New York' });
		expect(us).toContainEqual({ code: 'DC', name: 'District of Columbia' });
		for (const r of us) expect(r.code).toMatch(/^[A-Z]{2}$/);
	});

	it('has all 13 Canadian provinces and territories', () => {
		const ca = listRegions('CA');
		const sorted = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];
		expect(ca.map((r) => r.code).sort()).toEqual(sorted);
		expect(ca).toContainEqual({ code: 'ON', name: 'Ontario' });
	});

	it('is case-insensitive on country and returns [] for an unknown one', () => {
		expect(listRegions('us')).toEqual(listRegions('US'));
		expect(listRegions('ca')).toHaveLength(13);
		expect(listRegions('MX')).toEqual([]);
		expect(listRegions('')).toEqual([]);
	});

	it('returns copies, so callers cannot corrupt the dataset', () => {
		listRegions('US')[0].name = 'changed';
		expect(listRegions('US')[0].name).not.toBe('changed');
	});

	it('answers isKnownCountry / isKnownRegion', () => {
		for (const country of ['US', 'ca']) expect(isKnownCountry(country)).toBe(true);
		for (const country of ['GB', undefined]) expect(isKnownCountry(country)).toBe(false);
		expect(isKnownRegion('US', 'ny')).toBe(true);
		expect(isKnownRegion('CA', 'QC')).toBe(true);
		for (const region of ['ON', 'toString']) expect(isKnownRegion('US', region)).toBe(false);
		expect(isKnownRegion('CA', 'NY')).toBe(false);
		expect(isKnownRegion('MX', 'NY')).toBe(false);
	});
});

describe('cities', () => {
	const all = (['US', 'CA'] as const).flatMap((country) =>
		listRegions(country).map((r) => [country, r.code] as const),
	);

	it.each(all)('%s/%s has at least 3 distinct cities', (country, region) => {
		const cities = listCities(country, region);
		expect(cities.length).toBeGreaterThanOrEqual(3);
		const names = cities.map((c) => normalizeCityName(c.name));
		expect(new Set(names).size).toBe(names.length);
		for (const c of cities) {
			expect(c.region).toBe(region);
			expect(c.country).toBe(country);
			expect(c.name.trim()).toBe(c.name);
			expect(c.name.length).toBeGreaterThan(0);
		}
	});

	it.each(all)('%s/%s: every city has valid, unique NANP area codes', (country, region) => {
		for (const c of listCities(country, region)) {
			const codes = codesOf(country, region, c.name);
			expect(codes.length).toBeGreaterThan(0);
			expect(new Set(codes).size).toBe(codes.length);
			for (const code of codes) expect(code).toMatch(/^[2-9]\d\d$/);
		}
	});

	it('has no region in cities.json that is missing from regions.json', () => {
		for (const [country, byRegion] of Object.entries(citiesJson))
			for (const region of Object.keys(byRegion)) expect(isKnownRegion(country, region)).toBe(true);
	});

	it('has more cities for the big states and provinces', () => {
		for (const place of ['US/CA', 'US/TX', 'US/NY', 'US/FL', 'CA/ON', 'CA/QC']) {
			const [country, region] = place.split('/');
			expect(listCities(country, region).length).toBeGreaterThanOrEqual(8);
		}
	});

	it('keeps names with spaces, apostrophes and accents', () => {
		const names = (country: string, region: string) =>
			listCities(country, region).map((c) => c.name);
		expect(names('US', 'NY')).toContain('New York');
		expect(names('US', 'UT')).toContain('Salt Lake City');
		expect(names('US', 'ID')).toContain("Coeur d'Alene");
		expect(names('CA', 'NL')).toContain("St. John's");
		expect(names('CA', 'QC')).toEqual(expect.arrayContaining(['Montréal', 'Trois-Rivières']));
	});

	it('is case-insensitive on region and returns [] for unknowns', () => {
		expect(listCities('us', 'ny')).toEqual(listCities('US', 'NY'));
		for (const region of ['ZZ', 'ON', '']) expect(listCities('US', region)).toEqual([]);
		expect(listCities('MX', 'NY')).toEqual([]);
	});

	it('finds a city by name regardless of case and accents', () => {
		const montreal = { name: 'Montréal', region: 'QC', country: 'CA' };
		expect(findCity('ca', 'qc', 'montreal')).toEqual(montreal);
		expect(findCity('US', 'ID', 'COEUR D’ALENE')?.name).toBe("Coeur d'Alene");
		expect(findCity('US', 'NY', 'Gotham')).toBeUndefined();
	});

	it('compares names without case, accents, apostrophe style or extra white space', () => {
		expect(normalizeCityName('  Trois-RIVIÈRES\t')).toBe('trois-rivieres');
		expect(normalizeCityName('Montre\u0301al')).toBe('montreal');
		for (const apostrophe of ['\u2018', '\u2019', '\u02bc', '`', '\u00b4', "'"])
			expect(normalizeCityName(`Coeur d${apostrophe}Alene`)).toBe("coeur d'alene");
		expect(normalizeCityName('Salt \n Lake\u00a0\u00a0City')).toBe('salt lake city');
		expect(normalizeCityName(' \t ')).toBe('');
	});
});

describe('area codes', () => {
	it('spot-checks well-known cities', () => {
		expect(codesOf('US', 'NY', 'New York')).toContain('212');
		expect(codesOf('CA', 'ON', 'Toronto')).toContain('416');
		expect(codesOf('US', 'CA', 'Los Angeles')).toContain('213');
		expect(codesOf('CA', 'QC', 'Montréal')).toContain('514');
		expect(codesOf('US', 'IL', 'Chicago')).toContain('312');
		expect(codesOf('US', 'UT', 'Salt Lake City')).toContain('801');
		expect(codesOf('CA', 'BC', 'Vancouver')).toContain('604');
	});

	it('matches the city case-insensitively and tags results with the canonical name', () => {
		const codes = listAreaCodes('us', 'ny', 'new york');
		expect(codes.map((a) => a.areaCode)).toEqual(codesOf('US', 'NY', 'New York'));
		expect(codes[0]).toEqual({ areaCode: '212', city: 'New York', region: 'NY', country: 'US' });
		expect(codesOf('CA', 'QC', 'MONTREAL')).toContain('514');
		expect(codesOf('CA', 'QC', 'trois-rivieres')).toContain('819');
	});

	it('lists the unique, sorted union of city codes for a region', () => {
		const region = listAreaCodes('US', 'NY');
		const codes = region.map((a) => a.areaCode);
		expect(codes).toEqual([...new Set(codes)].sort());
		expect(codes).toEqual(expect.arrayContaining(['212', '716', '585', '518']));
		expect(region[0]).toEqual({ areaCode: codes[0], region: 'NY', country: 'US' });
		expect(region[0]).not.toHaveProperty('city');
		const union = new Set(listCities('US', 'NY').flatMap((c) => codesOf('US', 'NY', c.name)));
		expect(new Set(codes)).toEqual(union);
	});

	it('returns [] for an unknown country, region or city', () => {
		expect(listAreaCodes('MX', 'NY')).toEqual([]);
		expect(listAreaCodes('US', 'ZZ')).toEqual([]);
		expect(listAreaCodes('US', 'NY', 'Toronto')).toEqual([]);
		expect(listAreaCodes('CA', 'ON', '')).toEqual([]);
	});
});

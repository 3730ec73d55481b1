/**
 * Bundled US/CA geography for the number lookups: states (plus DC) and provinces/territories, real
 * cities in each, and the NANP area codes that serve them. Lookups ignore case; city names also
 * accents and apostrophe style ('montreal' finds 'Montréal'); results carry the dataset's spelling.
 */
import regionsJson from './regions.json';
import citiesJson from './cities.json';

export interface Region {
	code: string;
	name: string;
}

export interface City {
	name: string;
	region: string;
	country: string;
}

interface AreaCode {
	areaCode: string;
	city?: string;
	region: string;
	country: string;
}

export type CountryCode = 'US' | 'CA';

interface CityRecord {
	name: string;
	areaCodes: string[];
}

const REGIONS: Record<CountryCode, Region[]> = regionsJson;
const CITIES: Record<CountryCode, Record<string, CityRecord[]>> = citiesJson;

export const COUNTRIES: readonly CountryCode[] = ['US', 'CA'];

function normalizeCountry(country: unknown): CountryCode | undefined {
	if (typeof country !== 'string') return undefined;
	const code = country.trim().toUpperCase();
	return (COUNTRIES as readonly string[]).includes(code) ? (code as CountryCode) : undefined;
}

function normalizeRegion(region: unknown): string {
	return typeof region === 'string' ? region.trim().toUpperCase() : '';
}

/**
 * The form two city names are compared in: accents dropped (the combining marks U+0300 to U+036F
 * that decomposing sets apart), every apostrophe people type (curly quotes, the modifier letter,
 * grave and acute accents) a plain ', words one space apart, lower case.
 */
export function normalizeCityName(name: string): string {
	const plain = name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'");
	return plain.split(/\s+/).filter(Boolean).join(' ').toLowerCase();
}

/** The dataset's cities of a region, with the country and region codes as the dataset writes them. */
function regionOf(country: unknown, region: unknown) {
	const cc = normalizeCountry(country);
	const rc = normalizeRegion(region);
	if (!cc || !Object.prototype.hasOwnProperty.call(CITIES[cc], rc)) return undefined;
	return { cc, rc, records: CITIES[cc][rc] };
}

export function isKnownCountry(country: unknown): boolean {
	return normalizeCountry(country) !== undefined;
}

export function isKnownRegion(country: unknown, region: unknown): boolean {
	const cc = normalizeCountry(country);
	if (!cc) return false;
	const rc = normalizeRegion(region);
	return REGIONS[cc].some((r) => r.code === rc);
}

/** States (plus DC) for US, provinces/territories for CA; `[]` for an unknown country. */
export function listRegions(country: string): Region[] {
	const cc = normalizeCountry(country);
	return cc ? REGIONS[cc].map((r) => ({ code: r.code, name: r.name })) : [];
}

/** Cities of a region in dataset order; `[]` for an unknown country or region. */
export function listCities(country: string, region: string): City[] {
	const found = regionOf(country, region);
	if (!found) return [];
	return found.records.map((c) => ({ name: c.name, region: found.rc, country: found.cc }));
}

/** The dataset entry for a city of a region (case/accent-insensitive), if any. */
export function findCity(country: string, region: string, city: string): City | undefined {
	if (typeof city !== 'string') return undefined;
	const wanted = normalizeCityName(city);
	return listCities(country, region).find((c) => normalizeCityName(c.name) === wanted);
}

/**
 * Area codes of a region (unique, ascending) or of its `city` (primary first, then overlays);
 * `[]` for an unknown country, region or city.
 */
export function listAreaCodes(country: string, region: string, city?: string): AreaCode[] {
	const found = regionOf(country, region);
	if (!found) return [];
	const { cc, rc, records } = found;
	if (city !== undefined && city !== null) {
		const wanted = normalizeCityName(String(city));
		const match = records.find((c) => normalizeCityName(c.name) === wanted);
		const codes = [...new Set(match?.areaCodes)];
		return codes.map((areaCode) => ({ areaCode, city: match?.name, region: rc, country: cc }));
	}
	const codes = new Set(records.flatMap((c) => c.areaCodes));
	return [...codes].sort().map((areaCode) => ({ areaCode, region: rc, country: cc }));
}

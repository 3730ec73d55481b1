import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { runCredentials } from '../../../shared/transport/credentialRun';
import { cachedLookup, numbersCredentialIdentity } from '../../../shared/numbersCache';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import type { FaxCloudContext } from '../../../shared/transport/faxCloudInterfaces';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { apiPath } from '../../../shared/transport/httpEncoding';

export const COUNTRIES = ['US', 'CA'] as const;
export type CountryCode = (typeof COUNTRIES)[number];

export type LookupKind = 'regions' | 'cities' | 'area_codes';

/**
 * The description does not show the lookup records, so the fields that hold a record's value
 * and name are looked for under the usual spellings, the emulator's first.
 */
const VALUE_FIELDS: Record<LookupKind, string[]> = {
	regions: ['code', 'region_code', 'regionCode', 'abbreviation', 'short_name', 'id'],
	cities: ['name', 'city', 'city_name', 'cityName'],
	area_codes: ['areaCode', 'area_code', 'code', 'npa'],
};
const NAME_FIELDS: Record<LookupKind, string[]> = {
	regions: ['name', 'region_name', 'regionName'],
	cities: ['name', 'city', 'city_name', 'cityName'],
	area_codes: ['city', 'name'],
};

/** The list of an answer: a bare array, or the first array inside an object wrapper. */
function listOf(body: unknown, kind: LookupKind): IDataObject[] {
	const list = Array.isArray(body)
		? body
		: body && typeof body === 'object'
			? (Object.values(body).find(Array.isArray) ?? [])
			: [];
	return (list as unknown[]).flatMap((entry): IDataObject[] => {
		if (typeof entry === 'string' || typeof entry === 'number') {
			return [{ [VALUE_FIELDS[kind][0]]: String(entry) }];
		}
		return entry && typeof entry === 'object' && !Array.isArray(entry)
			? [entry as IDataObject]
			: [];
	});
}

function firstText(record: IDataObject, fields: string[]): string {
	for (const field of fields) {
		const value = record[field];
		if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
			return String(value).trim();
		}
	}
	return '';
}

export function lookupValue(kind: LookupKind, record: IDataObject): string {
	return firstText(record, VALUE_FIELDS[kind]);
}

/** One lookup, from the cache when this credential asked the same within a day. */
export async function lookup(
	this: FaxCloudContext,
	kind: LookupKind,
	args: string[],
	itemIndex?: number,
): Promise<IDataObject[]> {
	const credentials = await runCredentials.call(this, 'faxCloudNumbersApi', itemIndex);
	const records = await cachedLookup(
		numbersCredentialIdentity(credentials),
		[kind, ...args],
		async () => {
			const body = await faxCloudRequest.call(this, {
				api: 'numbers',
				method: 'GET',
				path: apiPath('api', 'numbers', kind, ...args),
				itemIndex,
			});
			return listOf(body, kind);
		},
	);
	return deepCopy(records);
}

/** Dropdown entries of a lookup: the value the service wants, the name a person reads. */
export function lookupOptions(kind: LookupKind, records: IDataObject[]): INodePropertyOptions[] {
	const options: INodePropertyOptions[] = [];
	const seen = new Set<string>();
	for (const record of records) {
		const value = lookupValue(kind, record);
		if (value === '' || seen.has(value)) continue;
		seen.add(value);
		const name = firstText(record, NAME_FIELDS[kind]);
		const shown =
			kind === 'regions' && name && name !== value
				? `${name} (${value})`
				: kind === 'area_codes' && name
					? `${value} (${name})`
					: value;
		options.push({ name: shown, value });
	}
	return options;
}

/** Compares names as people type them: case, accents, apostrophe style and extra spaces aside. */
export function comparableName(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[\u2018\u2019\u02bc`´]/g, "'")
		.replace(/\s+/g, ' ')
		.trim()
		.toLowerCase();
}

function examples(values: string[]): string {
	const shown = values.slice(0, 12).join(', ');
	return values.length > 12 ? `${shown}, …` : shown;
}

/**
 * The region code the service knows, from a code or a name in any case; an unknown region is
 * refused before the request that needs it, with the codes that exist.
 */
export async function resolveRegion(
	this: FaxCloudContext,
	country: CountryCode,
	region: string,
	label: string,
	itemIndex?: number,
): Promise<string> {
	const wanted = region.trim();
	if (wanted === '') {
		throw invalidParameter(
			this,
			label,
			`choose a region (state or province) of ${country}`,
			itemIndex,
		);
	}
	const regions = await lookup.call(this, 'regions', [country], itemIndex);
	const codes = regions.map((record) => lookupValue('regions', record)).filter(Boolean);
	if (codes.length === 0) return wanted;
	const key = comparableName(wanted);
	const match = regions.find(
		(record) =>
			comparableName(lookupValue('regions', record)) === key ||
			comparableName(firstText(record, NAME_FIELDS.regions)) === key,
	);
	if (!match) {
		throw invalidParameter(
			this,
			label,
			`"${wanted}" is not a region of ${country}; use one of ${examples(codes)}`,
			itemIndex,
			'Pick the region from the list, or run Number Lookup → Get Regions to see every code.',
		);
	}
	return lookupValue('regions', match);
}

export function countryOf(
	context: FaxCloudContext,
	value: unknown,
	label: string,
	itemIndex?: number,
): CountryCode {
	const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
	if ((COUNTRIES as readonly string[]).includes(text)) return text as CountryCode;
	throw invalidParameter(
		context,
		label,
		`"${String(value ?? '')}" is not allowed; use US or CA`,
		itemIndex,
	);
}

import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { GEO_LABELS } from '../common/geoParameters';
import type { CountryCode } from '../common/numberLookups';
import { comparableName, lookup, lookupValue } from '../common/numberLookups';

/**
 * City and area codes of a request, checked against the lookups (cached) before the request is
 * filed, so a typo is named here instead of being refused by the provider without details.
 */

export async function resolveCity(
	this: IExecuteFunctions,
	country: CountryCode,
	region: string,
	value: unknown,
	itemIndex: number,
): Promise<string> {
	const wanted = typeof value === 'string' ? value.trim() : '';
	if (!wanted) return '';
	const cities = await lookup.call(this, 'cities', [country, region], itemIndex);
	const names = cities.map((record) => lookupValue('cities', record)).filter(Boolean);
	if (names.length === 0) return wanted;
	const match = names.find((name) => comparableName(name) === comparableName(wanted));
	if (!match) {
		throw invalidParameter(
			this,
			GEO_LABELS.city,
			`"${wanted}" is not a city of ${region}, ${country} in the provider's list`,
			itemIndex,
			'Pick the city from the list, leave City empty for any city, or run Number Lookup → Get Cities.',
		);
	}
	return match;
}

export async function resolveAreaCodes(
	this: IExecuteFunctions,
	country: CountryCode,
	region: string,
	value: unknown,
	itemIndex: number,
): Promise<string[]> {
	const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	const wanted = [...new Set(raw.map((code) => String(code).trim()).filter(Boolean))];
	if (wanted.length === 0) return [];
	const known = (await lookup.call(this, 'area_codes', [country, region], itemIndex))
		.map((record) => lookupValue('area_codes', record))
		.filter(Boolean);
	if (known.length === 0) return wanted;
	const unknown = wanted.filter((code) => !known.includes(code));
	if (unknown.length > 0) {
		throw invalidParameter(
			this,
			GEO_LABELS.areaCodes,
			`${unknown.join(', ')} ${unknown.length === 1 ? 'is not an area code' : 'are not area codes'} of ${region}; the region has ${known.join(', ')}`,
			itemIndex,
		);
	}
	return wanted;
}

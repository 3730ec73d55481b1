import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { CountryCode } from '../actions/common/numberLookups';
import { COUNTRIES, lookup, lookupOptions } from '../actions/common/numberLookups';

/**
 * A parameter the list depends on, as the editor holds it; an expression cannot be resolved
 * while the node is edited, so it gives no list.
 */
function currentText(this: ILoadOptionsFunctions, name: string): string {
	const value = this.getCurrentNodeParameter(name);
	if (typeof value !== 'string' || value.startsWith('=')) return '';
	return value.trim();
}

function currentCountry(this: ILoadOptionsFunctions): CountryCode | undefined {
	const country = currentText.call(this, 'country').toUpperCase();
	return (COUNTRIES as readonly string[]).includes(country) ? (country as CountryCode) : undefined;
}

/**
 * A dropdown's entries in the order people look for them, whatever order the service lists them
 * in: by name, accents and case aside, numbers by value (area codes).
 */
const byName = (options: INodePropertyOptions[]) =>
	[...options].sort((a, b) =>
		a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }),
	);

/** States or provinces of the chosen country. */
export async function getRegions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const country = currentCountry.call(this);
	if (!country) return [];
	return byName(lookupOptions('regions', await lookup.call(this, 'regions', [country])));
}

/** Cities of the chosen region, after an entry for "any city". */
export async function getCities(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const country = currentCountry.call(this);
	const region = currentText.call(this, 'region');
	if (!country || !region) return [];
	const cities = lookupOptions('cities', await lookup.call(this, 'cities', [country, region]));
	return [{ name: 'Any City', value: '' }, ...byName(cities)];
}

/** Area codes of the chosen city, or of the whole region when no city is chosen. */
export async function getAreaCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const country = currentCountry.call(this);
	const region = currentText.call(this, 'region');
	if (!country || !region) return [];
	const city = currentText.call(this, 'city');
	const args = city ? [country, region, city] : [country, region];
	return byName(lookupOptions('area_codes', await lookup.call(this, 'area_codes', args)));
}

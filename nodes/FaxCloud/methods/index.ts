import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getAreaCodes, getCities, getRegions } from './loadOptions';

/** Dropdown loaders of the Fax Cloud node: regions, cities and area codes for number requests. */
export const loadOptions: Record<
	string,
	(this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>
> = { getRegions, getCities, getAreaCodes };

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getAreaCodes, getCities, getRegions } from './loadOptions';
import { searchInboundFaxes, searchMailMergeJobs, searchOutboundFaxes } from './listSearch';

/** Dropdown loaders of the Fax Cloud node: regions, cities and area codes for number requests. */
export const loadOptions: Record<
	string,
	(this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>
> = { getRegions, getCities, getAreaCodes };

/** Pickers of the Fax ID and Job ID parameters (version 2): the newest records, filtered by typing. */
export const listSearch = { searchOutboundFaxes, searchInboundFaxes, searchMailMergeJobs };

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

/** Dropdown loaders of the Fax Cloud node (regions, cities, area codes land with the numbers resources). */
export const loadOptions: Record<
	string,
	(this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>
> = {};

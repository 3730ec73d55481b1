import type { IDataObject } from 'n8n-workflow';

/**
 * A list of interface B (the jobs of GET /Job, a job's `Faxes`) in the order of its IDs, which is
 * the order the service made them in: a job's faxes in the order of its CSV lines. The description
 * gives no order for either list, so a service may answer newest first. Undefined when the answer
 * carries no such list.
 */
export function mailMergeList(
	body: IDataObject,
	list: 'Jobs' | 'Faxes',
): IDataObject[] | undefined {
	const records = body[list];
	if (!Array.isArray(records)) return undefined;
	return [...(records as IDataObject[])].sort((a, b) => Number(a.ID) - Number(b.ID));
}

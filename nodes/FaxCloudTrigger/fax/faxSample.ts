// Fetch Test Event for fax events: the most recent matching fax, nothing stored.
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { runCredentials } from '../../shared/transport/credentialRun';
import type { RequestParams } from '../../shared/transport/httpEncoding';
import type { FaxEvent, FaxWatch } from './faxEventSearch';
import { faxOf, searchPages } from './faxEventSearch';

/** How many of the most recently modified records "Fetch Test Event" looks through. */
const SAMPLE_SCAN_LIMIT = 1_000;

/**
 * "Fetch Test Event": the matching event with the newest event time among the most recently
 * modified records; nothing is stored. The item also says whose faxes the trigger watches and
 * whose faxes the search returned, so a user can see whether the service honoured the choice
 * (outbound `FaxUserId=*` is not in the description).
 */
export async function sampleFax(
	this: IPollFunctions,
	watch: FaxWatch,
): Promise<INodeExecutionData | undefined> {
	const extra: RequestParams = watch.sampleStatus ? { FaxStatus: watch.sampleStatus } : {};
	const owners = new Set<string>();
	let best: FaxEvent | undefined;
	let scanned = 0;
	for await (const page of searchPages(this, watch, 'desc', { extra })) {
		for (const event of page.events) {
			owners.add(String(event.record.FaxUserId ?? ''));
			if (watch.accepts(event.status) && (!best || event.time > best.time)) best = event;
		}
		scanned += page.events.length;
		if (best || scanned >= SAMPLE_SCAN_LIMIT) break;
	}
	if (!best) return undefined;
	const credentials = await runCredentials.call(this, 'faxCloudApi');
	const item = await watch.toItem(faxOf(watch.direction, best));
	item.json = {
		...item.json,
		watchedFaxes: {
			watching: watch.scope.description,
			login: String(credentials.userId ?? ''),
			ownersInSearch: [...owners].filter(Boolean).sort(),
		},
	};
	return item;
}

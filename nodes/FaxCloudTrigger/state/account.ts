// The account (base URL and login) a stored state belongs to.
import type { IPollFunctions } from 'n8n-workflow';

import { runCredentials } from '../../shared/transport/credentialRun';
import { withoutUserInfo } from '../../shared/transport/networkFailures';
import type { FaxCloudInterface } from '../../shared/transport/faxCloudInterfaces';
import { BASE_URL_FIELD_OF, CREDENTIAL_OF } from '../../shared/transport/faxCloudInterfaces';

/** Events read from the mail merge interface; every other event reads the fax interface. */
const MAIL_MERGE_EVENTS = new Set(['mailMergeJobFinished']);

/**
 * The account a poll reads: the base URL of the interface the event uses and the login, never
 * the password. Fax IDs, job IDs and event times belong to one account, so the stored state does
 * too: a queued mark or a pending job is never sent with another login, and another account's
 * records are not "new" to a window kept for this one. A password change keeps the account.
 */
export async function accountOf(this: IPollFunctions, event: string): Promise<string> {
	const api: FaxCloudInterface = MAIL_MERGE_EVENTS.has(event) ? 'mailMerge' : 'fax';
	const credentials = await runCredentials.call(this, CREDENTIAL_OF[api]);
	// The same reading of the base URL as the requests make; user info in it is never stored.
	const baseUrl = withoutUserInfo(
		String(credentials[BASE_URL_FIELD_OF[api]] ?? '')
			.trim()
			.replace(/\/+$/, ''),
	);
	return JSON.stringify([baseUrl, String(credentials.userId ?? '')]);
}

// Credential run: one credential resolution per run of a node, shared by its requests.
import type { ICredentialDataDecryptedObject, ICredentialsDecrypted } from 'n8n-workflow';

import type { FaxCloudContext } from './faxCloudInterfaces';

/**
 * One credential resolution per run of a node (one execution of the action node, one poll of the
 * trigger). Each getCredentials call makes n8n read the credential from its database, decrypt it
 * and evaluate its expressions (tens of milliseconds in a poll); a run of 1,000 sends or 40 search
 * pages would pay that once for the base URL and once more for authentication, on every request.
 *
 * n8n's own authentication resolves a credential without an item (as for the first item), so a run
 * resolves it the same way once, and every request of the run uses that one resolution for its
 * base URL and, through `credentialsDecrypted`, for its authentication.
 *
 * A run is started explicitly: n8n keeps one poll context for every poll of an active workflow,
 * so each poll starts a new run and sees a credential edited since the last poll. Outside a run
 * (option lists, resource locators) every request resolves the credential itself.
 */
const runs = new WeakMap<object, Map<string, Promise<ICredentialDataDecryptedObject>>>();

/** The run's resolutions that have arrived, for requests that need not wait on a promise. */
const resolved = new WeakMap<object, Map<string, ICredentialDataDecryptedObject>>();

/**
 * What authentication takes, per type, once per run: n8n copies the whole node (its parameters
 * included) on every getNode call, which per request is work a bulk send can skip. The data is
 * the run's one resolution, not a copy: n8n writes into it only what a credential's
 * preAuthentication returns, and these credentials have none.
 */
const selections = new WeakMap<object, Map<string, ICredentialsDecrypted>>();

/** Starts a run on this context: later requests share one resolution per credential type. */
export function startCredentialRun(context: FaxCloudContext): void {
	runs.set(context, new Map());
	resolved.set(context, new Map());
	selections.set(context, new Map());
}

/** The credential's data when this run has resolved it already; undefined outside a run. */
export function resolvedRunCredentials(
	context: FaxCloudContext,
	type: string,
): ICredentialDataDecryptedObject | undefined {
	return resolved.get(context)?.get(type);
}

/** The credential's data, resolved once per run; a failed resolution is tried again next time. */
export async function runCredentials(
	this: FaxCloudContext,
	type: string,
	itemIndex?: number,
): Promise<ICredentialDataDecryptedObject> {
	const run = runs.get(this);
	if (!run) return await this.getCredentials(type, itemIndex);
	let pending = run.get(type);
	if (!pending) {
		pending = this.getCredentials(type);
		run.set(type, pending);
		const arrived = resolved.get(this);
		pending.then(
			(data) => {
				if (run.get(type) === pending) arrived?.set(type, data);
			},
			() => {
				if (run.get(type) === pending) run.delete(type);
			},
		);
	}
	return await pending;
}

/** What httpRequestWithAuthentication takes instead of resolving the credential once more. */
export function decryptedCredential(
	context: FaxCloudContext,
	type: string,
	data: ICredentialDataDecryptedObject,
): ICredentialsDecrypted {
	const selectedInRun = selections.get(context);
	const known = selectedInRun?.get(type);
	if (known?.data === data) return known;
	const chosen = context.getNode().credentials?.[type];
	const selected = { id: String(chosen?.id ?? ''), name: chosen?.name ?? '', type, data };
	selectedInRun?.set(type, selected);
	return selected;
}

// The one retry wrapper: a GET that failed transiently is tried again while the poll has time.
import { sleep } from 'n8n-workflow';

import { isTransient } from './apiErrors';
import type { FaxCloudContext } from './faxCloudInterfaces';
import { retryFitsPoll } from './pollDeadline';
import type { FaxCloudRequest } from './requestBuilding';

const DEFAULT_GET_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [300, 1_000, 3_000];

/**
 * Runs `exchangeOnce` (send the request, read its answer); when it throws a transient failure
 * (`requestFailure(…, true, …)`) and the request is a GET, tries again after a growing delay, at
 * most `request.attempts` times in all, and never past the poll's deadline. POST, PUT and DELETE
 * are tried once: the service may have carried them out.
 */
export async function withGetRetries<T>(
	context: FaxCloudContext,
	request: FaxCloudRequest,
	exchangeOnce: () => Promise<T>,
): Promise<T> {
	const attempts =
		request.method === 'GET' ? Math.max(1, request.attempts ?? DEFAULT_GET_ATTEMPTS) : 1;
	// Tried once, its failure is thrown as it came: a send per fax needs no retry bookkeeping.
	if (attempts === 1) return await exchangeOnce();
	for (let tryNumber = 1; ; tryNumber++) {
		// The failure is passed on as it was thrown (already the NodeApiError the user reads, or the
		// poll's time-up), so it is taken as a value rather than caught and wrapped again.
		const outcome = await exchangeOnce().then(
			(value) => ({ value }),
			(failure: unknown) => ({ failure }),
		);
		if (!('failure' in outcome)) return outcome.value;
		const delay = RETRY_DELAYS_MS[Math.min(tryNumber - 1, RETRY_DELAYS_MS.length - 1)];
		if (!isTransient(outcome.failure) || tryNumber >= attempts || !retryFitsPoll(context, delay)) {
			throw outcome.failure;
		}
		await sleep(delay);
	}
}

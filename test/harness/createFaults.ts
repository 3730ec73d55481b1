/** Faults on the mail merge create (POST /Job), as the Retry checks of jest and e2e set them. */
import type { Emulator } from '../../emulator';
import type { FaultSpec } from '../../emulator/faults';

/** The service refuses the create (503) and makes nothing. */
export const REFUSED = { kind: 'http500', status: 503 } as const;
/** The service makes the job, and the connection drops before its answer. */
export const ANSWER_LOST = { kind: 'resetAfterProcessing' } as const;

/** The next create to arrive, or the one after `after` more, is answered with `fault`. */
export const faultCreate = (
	emulator: Emulator,
	fault: Pick<FaultSpec, 'kind' | 'status'>,
	after = 0,
) => emulator.control.addFault({ api: 'mailMerge', method: 'POST', count: 1, after, ...fault });

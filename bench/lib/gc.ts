import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection in the bench's own process, which runs the emulator: after it made
 * thousands of records, so that collecting their garbage does not land in a measured paging (it
 * showed as single requests answered in 10 ms instead of 1). Node exposes `gc` once the flag is
 * set, in a new context.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export const collectGarbage = (): void => gc();

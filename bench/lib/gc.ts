import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection in the bench's own process (it runs the emulator), after it made
 * thousands of records, so that it does not land in a measured paging. `gc` exists once the flag is
 * set, in a new context.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export const collectGarbage = (): void => gc();

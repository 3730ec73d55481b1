/**
 * Re-exports for the e2e files that still import the sink from here (trigger.ts,
 * trigger-exactly-once.ts); the kit is test/harness/.
 */
export { startSink, type Sink } from '../../harness/sink';
export { freePort } from '../../harness/ports';
export { waitUntil as waitFor } from '../../harness/waitUntil';

/** Re-exports for the scenarios that still import the sink from here; the kit is test/harness/. */
import type { Delivery, Sink as HarnessSink } from '../../harness/sink';

/** The deploy part's sink keeps each delivery with its time of arrival. */
export type Sink = HarnessSink<Delivery>;
export { waitUntil } from '../../harness/waitUntil';

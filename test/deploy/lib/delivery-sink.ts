import type { Delivery, Sink as HarnessSink } from '../../harness/sink';

/** The deploy part's sink keeps each delivery with its time of arrival. */
export type Sink = HarnessSink<Delivery>;

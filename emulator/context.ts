import { Accounts } from './accounts';
import type { Clock } from './clock';
import type { DatetimePrecision } from './datetime';
import { FaultRegistry } from './faults';
import { InboundStore } from './fax/inbound-store';
import { Lifecycle } from './fax/lifecycle';
import { OutboundService, OutboundStore } from './fax/outbound-store';
import { type InboundHasMoreResults, ReferenceStore } from './fax/search';
import { Random } from './random';
import { RequestLog } from './request-log';
import type { Seed } from './seed-data';

/** Everything a route needs; one per emulator, reset in place so listeners keep their reference. */
export function createContext(
	clock: Clock,
	seed: Seed,
	precision: DatetimePrecision,
	logLine: (line: string) => void,
) {
	const accounts = new Accounts(seed);
	const outboundStore = new OutboundStore(clock);
	const lifecycle = new Lifecycle(clock, outboundStore, () => seed.coverPages);
	return {
		clock,
		random: new Random('fax-cloud-emulator'),
		accounts,
		log: new RequestLog(),
		faults: new FaultRegistry(),
		precision,
		outboundStore,
		lifecycle,
		outbound: new OutboundService(clock, outboundStore, lifecycle),
		inbound: new InboundStore(),
		references: new ReferenceStore(),
		/** Whether inbound search answers carry HasMoreResults (control.setInboundHasMoreResults). */
		inboundHasMoreResults: 'shown' as InboundHasMoreResults,
		logLine,
		/** The next `answers` Date headers are `ms` off (a front end with a wrong clock). */
		dateSkew: { ms: 0, answers: 0 },
	};
}

export type EmulatorContext = ReturnType<typeof createContext>;

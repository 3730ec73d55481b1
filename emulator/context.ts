import type { Accounts } from './accounts';
import type { Clock } from './clock';
import type { DatetimePrecision } from './datetime';
import type { FaultRegistry } from './faults';
import type { InboundStore } from './fax/inbound-store';
import type { Lifecycle } from './fax/lifecycle';
import type { OutboundService } from './fax/outbound-store';
import type { OutboundStore } from './fax/outbound-store';
import type { ReferenceStore } from './fax/search';
import type { Random } from './random';
import type { RequestLog } from './request-log';

/** Everything a route needs; one per emulator, reset in place so listeners keep their reference. */
export interface EmulatorContext {
	clock: Clock;
	random: Random;
	accounts: Accounts;
	log: RequestLog;
	faults: FaultRegistry;
	precision: DatetimePrecision;
	outboundStore: OutboundStore;
	lifecycle: Lifecycle;
	outbound: OutboundService;
	inbound: InboundStore;
	references: ReferenceStore;
	logLine: (line: string) => void;
	/**
	 * The Date header of the next `answers` answers is off the emulator's clock by `ms` (a front
	 * end whose clock is wrong); control.setDateHeaderOffset.
	 */
	dateSkew: { ms: number; answers: number };
}

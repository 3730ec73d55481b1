// The service's clock as the trigger trusts it: Date headers checked against the host's clock.
import type { IPollFunctions } from 'n8n-workflow';

/**
 * The service's clock as the trigger last trusted it (epoch ms), the n8n host's clock at that
 * moment, and whether the last reading disagreed (so the disagreement is logged once).
 */
export interface ClockState {
	service: number;
	host: number;
	disagrees?: boolean;
}

/** How far a Date header may run ahead of what the host's clock has moved since, unremarked. */
export const CLOCK_TOLERANCE_MS = 60_000;

export function isClockState(value: unknown): value is ClockState | undefined {
	if (value === undefined) return true;
	if (!value || typeof value !== 'object') return false;
	const { service, host, disagrees } = value as ClockState;
	return (
		Number.isFinite(service) &&
		Number.isFinite(host) &&
		(disagrees === undefined || typeof disagrees === 'boolean')
	);
}

/** What one poll read of the service's clock. */
export interface ClockReading {
	/** The earliest Date header of the poll's answers. */
	service: number;
	/** The host's clock when that answer arrived. */
	host: number;
	/** The newest event time among the records read, when any. */
	newestRecord?: number;
}

/**
 * The service's clock a poll may move its window by. The Date header is the service's own clock,
 * but one front end's clock may be wrong, and a clock ahead would move the window past records
 * not on the service yet, for good. So a reading ahead of the last trusted one by more than the
 * host's clock has moved since (plus a tolerance) is believed only as far as the host's clock or
 * the newest record read supports it: the earlier side. The disagreement is logged once.
 */
export function trustedClock(
	context: IPollFunctions,
	reading: ClockReading,
	last: ClockState | undefined,
): { serviceTime: number; clock: ClockState } {
	const agreed = {
		serviceTime: reading.service,
		clock: { service: reading.service, host: reading.host },
	};
	if (!last) return agreed;
	const bound = last.service + Math.max(0, reading.host - last.host);
	const supported = Math.max(bound, Math.min(reading.service, reading.newestRecord ?? -Infinity));
	if (reading.service <= supported + CLOCK_TOLERANCE_MS) return agreed;
	if (!last.disagrees) {
		const minutes = Math.round((reading.service - supported) / 60_000);
		context.logger.warn(
			`Fax Cloud Trigger "${context.getNode().name}": the service's clock (Date header ${new Date(reading.service).toISOString()}) is ${minutes} minutes ahead of what the n8n host's clock and the records read support (${new Date(supported).toISOString()}); the trigger takes the earlier time, so no record still to come is skipped, until the service's clock agrees again`,
			{ workflowId: context.getWorkflow().id, nodeName: context.getNode().name },
		);
	}
	return {
		serviceTime: supported,
		clock: { service: supported, host: reading.host, disagrees: true },
	};
}

import type { IDataObject } from 'n8n-workflow';

import { type Lineage } from '../common/lineage';

/**
 * A resend deletes the fax it resends, so a Retry cannot resend an item's fax again, nor look the
 * new fax up from the old one. Each item's resend is noted in the node context (stored with the
 * execution and copied into a Retry, see common/lineage.ts): a Retry, or a later try of Retry On
 * Fail, outputs the noted new fax as found instead of asking for the deleted one.
 */

/** Node context entry: per run index, per item index, the resend the item made. */
const RESENDS = 'faxCloudResends';

export interface Resent {
	/** The fax resent, deleted by the resend. */
	ResentFaxId: number;
	FaxId: number;
	FaxNumber: string;
}

/** What the resends of one run of the node share. */
export interface ResendRun {
	lineage: Lineage;
	/** Per item index, the resend the item made in this run or the runs it repeats. */
	made: Record<string, Resent>;
}

function resentOf(value: unknown): Resent | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { ResentFaxId, FaxId, FaxNumber } = value as IDataObject;
	if (typeof ResentFaxId !== 'number' || typeof FaxId !== 'number') return undefined;
	return { ResentFaxId, FaxId, FaxNumber: String(FaxNumber ?? '') };
}

export function newResendRun(lineage: Lineage): ResendRun {
	const noted = (lineage.nodeContext[RESENDS] ?? {}) as Record<string, unknown>;
	const forRun = noted[String(lineage.runIndex)];
	const made: Record<string, Resent> = {};
	if (typeof forRun === 'object' && forRun !== null) {
		for (const [item, value] of Object.entries(forRun)) {
			const resent = resentOf(value);
			if (resent) made[item] = resent;
		}
	}
	return { lineage, made };
}

/** The item's resend of this fax made before, when this run repeats one that made it. */
export function resentBefore(run: ResendRun, itemIndex: number, faxId: number): Resent | undefined {
	const resent = run.made[String(itemIndex)];
	return run.lineage.rerun && resent?.ResentFaxId === faxId ? resent : undefined;
}

/** Notes in the node context that this item of the run made the resend. */
export function noteResend(run: ResendRun, itemIndex: number, resent: Resent) {
	run.made[String(itemIndex)] = resent;
	const noted = (run.lineage.nodeContext[RESENDS] ?? {}) as Record<string, unknown>;
	run.lineage.nodeContext[RESENDS] = { ...noted, [String(run.lineage.runIndex)]: { ...run.made } };
}

/** Why a Retry finds the fax to resend gone, and what to do. */
export const GONE_IN_RETRY_ADVICE =
	'Nothing was resent. A resend deletes the fax it resends, so the run this Retry repeats may have resent it without hearing the answer: look for the new fax with Get Many (Updated After the first run) before resending.';

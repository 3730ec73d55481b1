import type { Clock, TimerHandle } from '../clock';
import { OUTCOMES, outcomeFor, type Outcome } from './outcomes';
import type { OutboundStore } from './outbound-store';
import type { OutboundFax } from './records';

/** Emulator seconds of conversion, cover page, and from scheduled (or SendAfter) to dialling. */
const STEP_MS = { conversion: 5000, coverpage: 3000, dial: 2000 } as const;

const REMOTE_CSI = [
	'+1 212 555 0000',
	'FAX SERVER',
	'RECEPTION',
	'ACCOUNTS PAYABLE',
	'HP LASERJET',
];

function remoteCsi(number: string): string {
	const digits = number.replace(/[^0-9]/g, '');
	if (digits.length >= 11 && digits.startsWith('1')) {
		return `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7, 11)}`;
	}
	return REMOTE_CSI[digits.length % REMOTE_CSI.length];
}

/** Moves outbound faxes through their states on the emulator clock. */
export class Lifecycle {
	private timers = new Map<number, TimerHandle>();
	/** Pages going out of a fax being sent: PagesSent moves, and with it CompleteTime. */
	private pageTimers = new Map<number, TimerHandle>();

	constructor(
		private readonly clock: Clock,
		private readonly store: OutboundStore,
		private readonly coverPages: () => string[],
	) {}

	start(fax: OutboundFax): void {
		this.schedule(fax, STEP_MS.conversion, () => this.stepDone(fax, 'conversion'));
	}

	/** Stops a fax's pending steps (it was deleted). */
	stop(fax: OutboundFax): void {
		for (const timers of [this.timers, this.pageTimers]) {
			timers.get(fax.id)?.cancel();
			timers.delete(fax.id);
		}
	}

	reset(): void {
		this.timers.clear();
		this.pageTimers.clear();
	}

	/**
	 * While a fax that will be sent is sending, each page but the last moves PagesSent and
	 * CompleteTime when it has gone (20 s after dialling, then every 10 s); it stays `sending`.
	 */
	private sendPages(fax: OutboundFax, page: number, delayMs: number): void {
		if (page >= fax.pagesTotal) return;
		this.after(this.pageTimers, fax, delayMs, () => {
			if (fax.status !== 'sending') return;
			this.store.update(fax, { pagesSent: page });
			this.sendPages(fax, page + 1, 10_000);
		});
	}

	private schedule(fax: OutboundFax, delayMs: number, step: () => void): void {
		this.after(this.timers, fax, delayMs, step);
	}

	/** Runs `step` after `delayMs` unless the fax is deleted by then: the fax's one timer of `timers`. */
	private after(
		timers: Map<number, TimerHandle>,
		fax: OutboundFax,
		delayMs: number,
		step: () => void,
	): void {
		timers.get(fax.id)?.cancel();
		const timer = this.clock.after(delayMs, () => {
			timers.delete(fax.id);
			if (!fax.deleted) step();
		});
		timers.set(fax.id, timer);
	}

	/** The end of conversion or of the cover page: the fax fails there, or goes on. */
	private stepDone(fax: OutboundFax, stage: 'conversion' | 'coverpage'): void {
		const failed = this.stageFailure(fax, stage);
		if (failed) return this.fail(fax, failed);
		if (stage === 'conversion' && fax.coverPageEnabled) {
			this.store.update(fax, { status: 'awaitingCoverpage' });
			this.schedule(fax, STEP_MS.coverpage, () => this.stepDone(fax, 'coverpage'));
			return;
		}
		this.toScheduled(fax, 0);
	}

	private stageFailure(fax: OutboundFax, stage: Outcome['stage']): Outcome | undefined {
		if (stage === 'conversion' && fax.documents.some((d) => d.kind === 'invalid')) {
			return OUTCOMES.conversionError;
		}
		const unknownCoverPage = fax.coverPageName && !this.coverPages().includes(fax.coverPageName);
		if (stage === 'coverpage' && unknownCoverPage) return OUTCOMES.coverpageMergeFailed;
		const planned = outcomeFor(fax.faxNumber, fax.attempts + 1, fax.forcedOutcome);
		return planned.stage === stage ? planned : undefined;
	}

	private toScheduled(fax: OutboundFax, waitMs: number): void {
		this.store.update(fax, { status: 'scheduled' });
		const now = this.clock.now();
		const dialAt = Math.max(now + Math.max(waitMs, STEP_MS.dial), fax.sendAfter ?? 0);
		this.schedule(fax, dialAt - now, () => this.dial(fax));
	}

	private dial(fax: OutboundFax): void {
		const attempt = fax.attempts + 1;
		const outcome = outcomeFor(fax.faxNumber, attempt, fax.forcedOutcome);
		// A conversion or cover page outcome forced after that stage has passed fails the fax now.
		if (outcome.stage !== 'send') return this.fail(fax, outcome);
		this.store.update(fax, {
			status: 'sending',
			attempts: attempt,
			tsi: fax.tsi.slice(0, 20),
			imgHost: '10.40.2.17',
			imgDevice: `IAX/ch${String((fax.id % 24) + 1).padStart(2, '0')}`,
		});
		this.schedule(fax, outcome.seconds(fax.pagesTotal) * 1000, () => this.attemptDone(fax));
		if (outcome.key === 'sent') this.sendPages(fax, 1, 20_000);
	}

	private attemptDone(fax: OutboundFax): void {
		this.pageTimers.get(fax.id)?.cancel();
		this.pageTimers.delete(fax.id);
		const found = outcomeFor(fax.faxNumber, fax.attempts, fax.forcedOutcome);
		const outcome = found.stage === 'send' ? found : OUTCOMES.sent;
		const retryCountLeft = Math.max(0, fax.retryCountLeft - 1);
		const change = {
			retryCountLeft,
			duration: outcome.seconds(fax.pagesTotal),
			pagesSent: outcome.pagesSent(fax.pagesTotal),
			csi: outcome.connected ? remoteCsi(fax.faxNumber) : '',
			errorCode: outcome.errorCode,
			errorText: outcome.errorText,
		};
		if (outcome.retryable && retryCountLeft > 0) {
			Object.assign(fax, change);
			this.toScheduled(fax, fax.retryInterval * 60_000);
			return;
		}
		this.finish(fax, { ...change, status: outcome.key === 'sent' ? 'sent' : 'sendFailed' });
	}

	private fail(fax: OutboundFax, { errorCode, errorText }: Outcome): void {
		this.finish(fax, { status: 'sendFailed', errorCode, errorText });
	}

	/**
	 * The final change. With a completion lag (control.setCompletionLag) the record shows its
	 * previous state until the lag has passed, then the final status with the CompleteTime it
	 * really completed at: a record that becomes visible minutes after its own time.
	 */
	private finish(fax: OutboundFax, change: Partial<OutboundFax>): void {
		const completedAt = this.clock.now();
		const publish = (): void => {
			this.store.update(fax, change, completedAt);
			if (change.status === 'sent' && fax.deleteAfterSend) this.store.remove(fax);
		};
		const lag = fax.completionLagMs ?? 0;
		if (lag > 0) this.schedule(fax, lag, publish);
		else publish();
	}
}

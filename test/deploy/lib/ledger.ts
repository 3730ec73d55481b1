import { waitUntil } from '../../harness/waitUntil';
import { FINAL, type DeployInstance } from './instance';

/**
 * What the trigger emitted, as n8n recorded it: every execution of the trigger workflow and the
 * FaxIds its trigger node handed to it. An execution is read as soon as it appears (its stored
 * data then holds the trigger's items waiting for the next node), because what n8n keeps of an
 * execution that crashed may be less. Main may be down for a while: the watcher skips those
 * moments and reads again once it is back.
 */
export class TriggerLedger {
	/** Execution id → FaxIds of the trigger's output (the first non-empty reading). */
	readonly emitted = new Map<string, number[]>();
	/** Execution id → last status seen. */
	readonly status = new Map<string, string>();
	private timer: NodeJS.Timeout | undefined;
	private busy = false;

	constructor(
		private readonly instance: DeployInstance,
		private readonly workflowId: string,
		private readonly triggerNode: string,
		/** Executions of earlier scenarios on the same workflow: never read, never counted. */
		readonly earlier = new Set<string>(),
	) {}

	/** A ledger of the executions the workflow starts from now on (fromNow(...).earlier left out). */
	static async fromNow(instance: DeployInstance, workflowId: string, triggerNode: string) {
		const earlier = (await instance.executionsOf(workflowId)).map((e) => e.id);
		return new TriggerLedger(instance, workflowId, triggerNode, new Set(earlier));
	}

	start(intervalMs = 300): void {
		this.timer = setInterval(() => void this.readOnce(), intervalMs);
	}

	stop(): void {
		clearInterval(this.timer);
	}

	/** One reading of every execution of the workflow (ignored while main is down). */
	async readOnce(): Promise<void> {
		if (this.busy || !this.instance.main) return;
		this.busy = true;
		try {
			for (const execution of await this.instance.executionsOf(this.workflowId)) {
				if (this.earlier.has(execution.id)) continue;
				this.status.set(execution.id, execution.status);
				if ((this.emitted.get(execution.id) ?? []).length > 0) continue;
				const items = await this.instance.nodeOutput(execution.id, this.triggerNode);
				this.emitted.set(
					execution.id,
					items.map((item) => Number(item.FaxId)),
				);
			}
		} catch {
			// main went down in the middle of a reading: the next one reads again
		} finally {
			this.busy = false;
		}
	}

	/** Waits, reading, until `done` holds. */
	private async readUntil(
		what: string,
		done: () => boolean,
		timeoutMs: number,
		detail?: () => string,
	) {
		const read = async () => {
			await this.readOnce();
			return done();
		};
		await waitUntil(what, read, timeoutMs, { intervalMs: 500, detail });
	}

	/** The first execution not among `known` that emitted something, once it appears. */
	async waitForNew(known: Set<string>, what: string, timeoutMs = 90_000): Promise<string> {
		const fresh = () =>
			[...this.emitted].find(([id, faxIds]) => !known.has(id) && faxIds.length > 0)?.[0];
		await this.readUntil(what, () => fresh() !== undefined, timeoutMs);
		return fresh()!;
	}

	/** Waits until every one of `executions` (every one seen when not given) has a final status. */
	async waitForFinal(what: string, executions?: string[], timeoutMs = 120_000): Promise<void> {
		const final = () =>
			(executions ?? [...this.status.keys()]).every((id) => FINAL.has(this.status.get(id) ?? ''));
		await this.readUntil(what, final, timeoutMs);
	}

	/** Waits until every one of `faxIds` is in an execution n8n recorded. */
	async waitForEmitted(what: string, faxIds: number[], timeoutMs: number): Promise<void> {
		const missing = () => {
			const byFax = this.executionsByFax();
			return faxIds.filter((faxId) => !byFax.has(faxId));
		};
		await this.readUntil(
			what,
			() => missing().length === 0,
			timeoutMs,
			() => `not yet emitted: ${ids(missing())}`,
		);
	}

	/** FaxId → the executions that hold it. */
	executionsByFax(): Map<number, string[]> {
		const by = new Map<number, string[]>();
		for (const [execution, faxIds] of this.emitted) {
			for (const faxId of faxIds) by.set(faxId, [...(by.get(faxId) ?? []), execution]);
		}
		return by;
	}
}

/** Short form of a list of ids for messages. */
export function ids(list: number[]): string {
	return list.length <= 12 ? list.join(', ') : `${list.slice(0, 12).join(', ')} … (${list.length})`;
}

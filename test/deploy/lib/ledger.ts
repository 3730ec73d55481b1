import type { DeployInstance, StoredExecution } from './instance';

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
	/** Executions of earlier scenarios on the same workflow: never read, never counted. */
	private readonly earlier = new Set<string>();

	constructor(
		private readonly instance: DeployInstance,
		private readonly workflowId: string,
		private readonly triggerNode: string,
	) {}

	/**
	 * A ledger of the executions the workflow starts from now on: those n8n already lists (an
	 * earlier scenario's on the same workflow) are left out of every reading and check.
	 */
	static async fromNow(
		instance: DeployInstance,
		workflowId: string,
		triggerNode: string,
	): Promise<TriggerLedger> {
		const ledger = new TriggerLedger(instance, workflowId, triggerNode);
		for (const execution of await instance.executionsOf(workflowId)) {
			ledger.earlier.add(execution.id);
		}
		return ledger;
	}

	/** How many executions of earlier scenarios this ledger leaves out. */
	get leftOut(): number {
		return this.earlier.size;
	}

	start(intervalMs = 300): void {
		this.timer = setInterval(() => void this.readOnce(), intervalMs);
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
	}

	/** One reading of every execution of the workflow (ignored while main is down). */
	async readOnce(): Promise<void> {
		if (this.busy || !this.instance.main) return;
		this.busy = true;
		try {
			const executions: StoredExecution[] = await this.instance.executionsOf(this.workflowId);
			for (const execution of executions) {
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

	/** FaxId → the executions that hold it. */
	executionsByFax(): Map<number, string[]> {
		const by = new Map<number, string[]>();
		for (const [execution, faxIds] of this.emitted) {
			for (const faxId of faxIds) by.set(faxId, [...(by.get(faxId) ?? []), execution]);
		}
		return by;
	}

	executionOf(faxId: number): string | undefined {
		return this.executionsByFax().get(faxId)?.[0];
	}
}

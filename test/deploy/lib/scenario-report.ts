import { messageOf, printCheck, runCheck, type CheckOutcome } from '../../harness/report';

/** One check of the deployment part: its scenario and the harness's outcome. */
export interface ScenarioCheck extends CheckOutcome {
	scenario: string;
}

/** What the deployment part prints and writes: each check's outcome and the figures measured. */
export class Report {
	readonly checks: ScenarioCheck[] = [];
	readonly figures: Record<string, Record<string, unknown>> = {};
	private readonly started = Date.now();

	constructor(private readonly prefix = '') {}

	log(line: string): void {
		const seconds = ((Date.now() - this.started) / 1000).toFixed(0).padStart(4);
		console.log(`${this.prefix}[${seconds} s] ${line}`);
	}

	/** A line about a step of the scenario running, under the scenario's own line. */
	step(line: string): void {
		this.log(`  ${line}`);
	}

	/** Runs each check of a scenario in turn (title → body); a failure does not stop the others. */
	async checkAll(scenario: string, checks: Record<string, () => void | Promise<void>>) {
		for (const [title, body] of Object.entries(checks)) {
			const outcome = await runCheck(`${scenario}: ${title}`, body, { prefix: this.prefix });
			this.checks.push({ ...outcome, scenario, title });
		}
	}

	/** A scenario that could not run to its checks (a process died, a wait timed out). */
	broken(scenario: string, error: unknown): void {
		const outcome = { title: 'scenario ran to its checks', passed: false, ms: 0 };
		this.checks.push({ ...outcome, scenario, message: messageOf(error) });
		printCheck(
			{ ...outcome, title: `${scenario}: could not run to its checks`, message: messageOf(error) },
			{ prefix: this.prefix, lines: 60 },
		);
	}

	figure(scenario: string, values: Record<string, unknown>): void {
		this.figures[scenario] = { ...this.figures[scenario], ...values };
	}
}

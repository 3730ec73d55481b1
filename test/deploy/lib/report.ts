/** What the deployment part prints and writes: each check's outcome and the figures measured. */
export interface CheckOutcome {
	scenario: string;
	title: string;
	passed: boolean;
	message?: string;
}

export class Report {
	readonly checks: CheckOutcome[] = [];
	readonly figures: Record<string, Record<string, unknown>> = {};
	private readonly started = Date.now();

	constructor(private readonly prefix = '') {}

	log(line: string): void {
		const seconds = ((Date.now() - this.started) / 1000).toFixed(0).padStart(4);
		console.log(`${this.prefix}[${seconds} s] ${line}`);
	}

	/** Runs one check; a failure is recorded with its message and does not stop the others. */
	async check(scenario: string, title: string, body: () => void | Promise<void>): Promise<boolean> {
		let message: string | undefined;
		try {
			await body();
		} catch (error) {
			message = error instanceof Error ? (error.stack ?? error.message) : String(error);
		}
		this.checks.push({ scenario, title, passed: !message, message });
		console.log(`${this.prefix}  ${message ? 'FAIL' : 'ok  '} ${scenario}: ${title}`);
		if (message) {
			console.log(
				message
					.split('\n')
					.slice(0, 40)
					.map((l) => `${this.prefix}        ${l}`)
					.join('\n'),
			);
		}
		return !message;
	}

	/** A scenario that could not run to its checks (a process died, a wait timed out). */
	broken(scenario: string, error: unknown): void {
		const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
		this.checks.push({ scenario, title: 'scenario ran to its checks', passed: false, message });
		console.log(`${this.prefix}  FAIL ${scenario}: could not run to its checks`);
		console.log(
			message
				.split('\n')
				.slice(0, 60)
				.map((l) => `${this.prefix}        ${l}`)
				.join('\n'),
		);
	}

	figure(scenario: string, values: Record<string, unknown>): void {
		this.figures[scenario] = { ...this.figures[scenario], ...values };
	}
}

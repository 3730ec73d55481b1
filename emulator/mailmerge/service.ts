import type { EmulatorContext } from '../context';

export class MailMergeService {
	constructor(private readonly ctx: EmulatorContext) {}

	reset(): void {}

	count(): number {
		return 0;
	}

	cancel(jobId: number): void {
		throw new Error(`no job ${jobId} (${this.ctx.clock.now()})`);
	}

	setOutage(on: boolean): void {
		void on;
	}
}

import type { EmulatorContext } from '../context';

export class NumberRequestStore {
	constructor(private readonly ctx: EmulatorContext) {}

	reset(): void {}

	count(): number {
		return 0;
	}

	list(): unknown[] {
		return [];
	}

	setStatus(id: number, status: string): void {
		throw new Error(`no number request ${id} ${status} ${this.ctx.clock.now()}`);
	}
}

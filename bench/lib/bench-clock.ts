import fs from 'node:fs';
import path from 'node:path';

import type { Emulator } from '../../emulator';

/**
 * The bench's clock: moves the emulator's (still) clock and, when n8n follows it, n8n's own by the
 * same amount (./n8n-clock-preload.cjs): the trigger believes a Date header only as far as the
 * host's clock has moved (nodes/FaxCloudTrigger/state/serviceClock.ts).
 */
export class BenchClock {
	private offset = 0;

	private constructor(
		private readonly emulator: Emulator,
		private readonly file: string | undefined,
	) {
		this.write();
	}

	/** Moves the emulator's clock alone (n8n keeps real time). */
	static emulatorOnly(emulator: Emulator): BenchClock {
		return new BenchClock(emulator, undefined);
	}

	/** Moves the emulator's clock and n8n's; `env` goes into n8n's environment. */
	static followedByN8n(emulator: Emulator, folder: string): BenchClock {
		return new BenchClock(emulator, path.join(folder, 'n8n-clock-offset-ms'));
	}

	/** n8n's environment for its clock to follow (nothing when it keeps real time). */
	get env(): NodeJS.ProcessEnv {
		if (!this.file) return {};
		return {
			BENCH_N8N_CLOCK_FILE: this.file,
			BENCH_N8N_GC_FILE: this.gcFile,
			NODE_OPTIONS: `--require ${path.join(__dirname, 'n8n-clock-preload.cjs')}`,
		};
	}

	/** Where n8n's garbage collections are written, when its clock follows (./gc.ts N8nGcPauses). */
	get gcFile(): string | undefined {
		return this.file && path.join(path.dirname(this.file), 'n8n-gc.log');
	}

	/** How far n8n's clock runs ahead of the bench's (real) one, in ms. */
	get n8nOffsetMs(): number {
		return this.offset;
	}

	/** Moves the clocks `ms` forward; returns the emulator's new time. */
	advance(ms: number): string {
		const now = this.emulator.control.advance(ms);
		if (this.file) {
			this.offset += ms;
			this.write();
		}
		return now;
	}

	private write(): void {
		if (!this.file) return;
		// Whole or not at all: n8n reads the file while it is written.
		const partial = `${this.file}.partial`;
		fs.writeFileSync(partial, String(this.offset));
		fs.renameSync(partial, this.file);
	}
}

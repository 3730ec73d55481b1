import fs from 'node:fs';
import path from 'node:path';

import type { Emulator } from '../../emulator';

/**
 * Moves the emulator's clock and, when n8n follows it, n8n's (./n8n-clock-preload.cjs): the trigger
 * believes a Date header only as far as the host's clock moved (trigger's state/serviceClock.ts).
 */
export class BenchClock {
	/** How far n8n's clock runs ahead of the bench's (real) one, in ms. */
	n8nOffsetMs = 0;
	/** The offset n8n reads, when its clock follows; none when n8n keeps real time. */
	private readonly file: string | undefined;
	/** Where n8n's garbage collections are written, when it collects on signal (./gc.ts). */
	readonly gcFile: string | undefined;

	/** `folder` holds the files; n8n's clock follows unless `follows` is false, it collects on signal. */
	constructor(
		private readonly emulator: Emulator,
		folder?: string,
		follows = true,
	) {
		this.file = folder && follows ? path.join(folder, 'n8n-clock-offset-ms') : undefined;
		this.gcFile = folder && path.join(folder, 'n8n-gc.log');
		this.write();
	}

	/** n8n's environment for the preload (nothing when n8n neither follows nor collects on signal). */
	get env(): NodeJS.ProcessEnv {
		if (!this.gcFile) return {};
		return {
			...(this.file && { BENCH_N8N_CLOCK_FILE: this.file }),
			BENCH_N8N_GC_FILE: this.gcFile,
			NODE_OPTIONS: `--require ${path.join(__dirname, 'n8n-clock-preload.cjs')}`,
		};
	}

	/** Moves the clocks `ms` forward; returns the emulator's new time. */
	advance(ms: number): string {
		const now = this.emulator.control.advance(ms);
		if (this.file) {
			this.n8nOffsetMs += ms;
			this.write();
		}
		return now;
	}

	private write(): void {
		if (!this.file) return;
		// Whole or not at all: n8n reads the file while it is written.
		const partial = `${this.file}.partial`;
		fs.writeFileSync(partial, String(this.n8nOffsetMs));
		fs.renameSync(partial, this.file);
	}
}

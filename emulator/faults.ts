import type { ApiName } from './request-log';
import { Random } from './random';

export const FAULT_KINDS = [
	'http500',
	'resetBeforeProcessing',
	'resetAfterProcessing',
	'delay',
	'truncatedJson',
	'htmlError',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/** What a fault hits and how (emulator/README.md, Faults). */
export interface FaultSpec {
	api?: ApiName;
	method?: string;
	/** Regular expression source tested against the request path (e.g. '^/v1/outboundfaxes$'). */
	path?: string;
	kind: FaultKind;
	/** 0..1, default 1. */
	probability?: number;
	/** How many requests it hits; default unlimited. */
	count?: number;
	/** Matching requests let through before it starts to hit (the sixth send: 5); default 0. */
	after?: number;
	/** For delay: how long the processed response is held. Default 1000. */
	delayMs?: number;
	/**
	 * For delay: the held answers all go once this many are held (a concurrency test sees the
	 * client reach its limit however slowly it starts); `delayMs` still bounds each hold.
	 */
	releaseAtOnce?: number;
	/** Seed of the fault's own generator, so probabilistic faults repeat exactly. */
	seed?: number;
	/** For http500 / htmlError: the status to send (defaults 500 / 502). */
	status?: number;
}

export interface Fault extends FaultSpec {
	id: string;
	hits: number;
}

interface ActiveFault {
	fault: Fault;
	/** Answers a releaseAtOnce delay holds now: each one's release. */
	held: Array<() => void>;
	/** Matching requests let through so far (see `after`). */
	passed: number;
	pathRe?: RegExp;
	random: Random;
}

export class FaultRegistry {
	private faults: ActiveFault[] = [];
	private nextId = 1;

	add(spec: FaultSpec): string {
		if (!spec || !FAULT_KINDS.includes(spec.kind)) {
			throw new Error(`fault kind must be one of ${FAULT_KINDS.join(', ')}`);
		}
		const probability = spec.probability ?? 1;
		if (typeof probability !== 'number' || probability < 0 || probability > 1) {
			throw new Error('probability must be a number between 0 and 1');
		}
		for (const name of ['count', 'after', 'releaseAtOnce'] as const) {
			const value = spec[name];
			if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
				throw new Error(`${name} must be a non-negative integer`);
			}
		}
		if (spec.api !== undefined && !['fax', 'mailMerge', 'numbers'].includes(spec.api)) {
			throw new Error('api must be fax, mailMerge or numbers');
		}
		const pathRe = spec.path === undefined ? undefined : new RegExp(spec.path);
		const fault: Fault = { ...spec, probability, id: `fault-${this.nextId++}`, hits: 0 };
		const random = new Random(spec.seed ?? this.nextId * 7919);
		this.faults.push({ fault, passed: 0, held: [], pathRe, random });
		return fault.id;
	}

	remove(id: string): boolean {
		const before = this.faults.length;
		this.faults = this.faults.filter((f) => f.fault.id !== id);
		return this.faults.length !== before;
	}

	clear(): void {
		this.faults = [];
	}

	list(): Fault[] {
		return this.faults.map((f) => ({ ...f.fault }));
	}

	/**
	 * Holds one answer of a delay fault (`delayMs`, or until `releaseAtOnce` are held); the timer
	 * is unref'd so a held answer never keeps a jest worker alive after the emulator closed.
	 */
	async hold(fault: Fault): Promise<void> {
		const active = this.faults.find((f) => f.fault.id === fault.id);
		await new Promise<void>((resolve) => {
			const release = () => {
				clearTimeout(timer);
				if (active) active.held = active.held.filter((r) => r !== release);
				resolve();
			};
			const timer = setTimeout(release, fault.delayMs ?? 1000);
			timer.unref();
			if (!active || fault.releaseAtOnce === undefined) return;
			active.held.push(release);
			if (active.held.length >= fault.releaseAtOnce) for (const each of [...active.held]) each();
		});
	}

	/** The first registered fault that applies and wins its probability roll; consumes one count. */
	match(api: ApiName, method: string, path: string): Fault | undefined {
		for (const active of this.faults) {
			const f = active.fault;
			if (f.api !== undefined && f.api !== api) continue;
			if (f.method !== undefined && f.method.toUpperCase() !== method.toUpperCase()) continue;
			if (active.pathRe && !active.pathRe.test(path)) continue;
			if (f.count !== undefined && f.hits >= f.count) continue;
			if (active.passed < (f.after ?? 0)) {
				active.passed++;
				continue;
			}
			const probability = f.probability ?? 1;
			if (probability < 1 && active.random.next() >= probability) continue;
			f.hits++;
			return { ...f };
		}
		return undefined;
	}
}

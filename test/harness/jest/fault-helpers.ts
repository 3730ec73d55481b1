/** Helpers of the fault and bad-input suite (test/faults): fault mixes, secret checks, counts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { FAULT_KINDS, type FaultKind, type FaultSpec } from '../../../emulator/faults';
import { TestCredentialsHelper, type TestCredentials } from './credentials-helper';

/** What n8n's Logger hands every log call to (a winston logger in n8n). */
interface InternalLogger {
	log(level: string, message: string, metadata: object): unknown;
	child(options: object): InternalLogger;
}

/** The Logger n8n-core logs through, from n8n-core's own copies of @n8n/di and backend-common. */
function n8nCoreLogger() {
	const from = { paths: [dirname(require.resolve('n8n-core'))] };
	const { Container } = require(require.resolve('@n8n/di', from)) as {
		Container: { get(token: unknown): unknown };
	};
	const { Logger } = require(require.resolve('@n8n/backend-common', from)) as { Logger: unknown };
	// setInternalLogger is private in the types; it is how Logger.scoped() swaps loggers too.
	return Container.get(Logger) as {
		getInternalLogger(): InternalLogger;
		setInternalLogger(internal: InternalLogger): void;
	};
}

interface FaultMix {
	/** Share of matching requests that get a fault, spread evenly over the six kinds. */
	share: number;
	seed: number;
	/** Real milliseconds a `delay` fault holds the answer; set it past the client's timeout. */
	delayMs: number;
	api?: FaultSpec['api'];
	method?: string;
	path?: string;
}

/**
 * Adds one fault per kind. The emulator tries faults in order and the first that wins its roll
 * applies, so the k-th kind's probability is raised to leave every kind the same share.
 */
export function addFaultMix(emulator: Emulator, mix: FaultMix): void {
	const perKind = mix.share / FAULT_KINDS.length;
	FAULT_KINDS.forEach((kind, index) => {
		emulator.control.addFault({
			api: mix.api,
			method: mix.method,
			path: mix.path,
			kind,
			probability: perKind / (1 - index * perKind),
			seed: mix.seed + index * 101,
			delayMs: kind === 'delay' ? mix.delayMs : undefined,
		});
	});
}

/** n8n-core's own, before any test caps it. */
const AUTHENTICATE = TestCredentialsHelper.prototype.authenticate;

/**
 * Caps the timeout of every request the nodes send (where n8n-core applies the credential), so a
 * `delay` fault outlasts it in a fraction of a second. Returns the undo.
 */
export function capRequestTimeout(ms: number): () => void {
	// A cap left on by a test that timed out is replaced, not wrapped: wrapping the spy itself
	// would call it from its own implementation, without end.
	const spy = jest
		.spyOn(TestCredentialsHelper.prototype, 'authenticate')
		.mockImplementation(async function (this: TestCredentialsHelper, ...args) {
			const options = await AUTHENTICATE.apply(this, args);
			return { ...options, timeout: Math.min(options.timeout ?? ms, ms) };
		});
	return () => spy.mockRestore();
}

/** Faults the emulator applied, per kind, read from its request log. */
export function faultsInjected(emulator: Emulator): Record<FaultKind, number> {
	const faults = emulator.control.requests().map((request) => request.fault);
	const counts = {} as Record<FaultKind, number>;
	for (const kind of FAULT_KINDS) counts[kind] = faults.filter((fault) => fault === kind).length;
	return counts;
}

/**
 * The faults a mixed run injected, per kind, after checking each kind happened at least once: a
 * run that never met a kind proves nothing about it.
 */
export function expectEveryFaultKind(emulator: Emulator): Record<FaultKind, number> {
	const injected = faultsInjected(emulator);
	for (const kind of FAULT_KINDS) expect(injected[kind]).toBeGreaterThan(0);
	return injected;
}

export const total = (counts: Record<string, number>) =>
	Object.values(counts).reduce((sum, value) => sum + value, 0);

/** Every secret of a credential set as it could leak: passwords, tokens, Basic and Bearer headers. */
function secretsOf(credentials: TestCredentials): string[] {
	const secrets: string[] = [];
	const fax = credentials.faxCloudApi;
	if (fax?.password) {
		const pair = `${String(fax.userId)}:${String(fax.password)}`;
		secrets.push(String(fax.password), Buffer.from(pair).toString('base64'));
	}
	const token = credentials.faxCloudNumbersApi?.accessToken;
	if (token) secrets.push(String(token));
	return secrets;
}

/** JSON of anything, circular references cut, for scanning. */
function scanText(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, inner: unknown) => {
		if (inner instanceof Error)
			return { ...inner, name: inner.name, message: inner.message, stack: inner.stack };
		if (inner && typeof inner === 'object') {
			if (seen.has(inner)) return '[circular]';
			seen.add(inner);
		}
		return inner as IDataObject;
	});
}

/**
 * Checks texts for secrets and counts every check; captures what n8n-core's logger is asked to
 * log (every level) and what is written to the console.
 */
export class SecretWatch {
	checks = 0;
	private readonly lines: string[] = [];
	private readonly restore: Array<() => void> = [];

	constructor(private readonly secrets: string[]) {
		if (secrets.length === 0) throw new Error('SecretWatch needs at least one secret');
	}

	/** A watch for every secret of these credential sets. */
	static forCredentials(...credentials: TestCredentials[]): SecretWatch {
		return new SecretWatch(credentials.flatMap(secretsOf));
	}

	/** Asserts that no secret appears in the value (as JSON) and counts one check per secret. */
	expectClean(what: string, value: unknown): void {
		const text = typeof value === 'string' ? value : scanText(value);
		for (const secret of this.secrets) {
			this.checks++;
			if (text.includes(secret))
				throw new Error(`${what} contains a secret: ${text.slice(0, 500)}`);
		}
	}

	/** Output items, the error and the whole run data of a node run. */
	expectRunClean(
		what: string,
		result: { items: INodeExecutionData[]; error?: unknown; run: unknown },
	) {
		for (const [index, item] of result.items.entries())
			this.expectClean(`${what}: output item ${index}`, item.json);
		if (result.error) {
			const error = result.error as { message?: string; description?: string; context?: unknown };
			this.expectClean(`${what}: error message`, error.message ?? '');
			this.expectClean(`${what}: error description`, error.description ?? '');
			this.expectClean(`${what}: error`, error);
		}
		this.expectClean(`${what}: run data`, result.run);
	}

	/** Starts capturing log and console lines; stopCapture() or release() restores the originals. */
	startCapture(): void {
		const lines = this.lines;
		// At the tests' silent level n8n's Logger filters nothing itself: every level reaches here.
		const capture: InternalLogger = {
			log: (level, message, metadata) => lines.push(scanText({ level, message, ...metadata })),
			child: () => capture,
		};
		const logger = n8nCoreLogger();
		const previous = logger.getInternalLogger();
		logger.setInternalLogger(capture);
		this.restore.push(() => logger.setInternalLogger(previous));
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
				lines.push(args.map((arg) => (typeof arg === 'string' ? arg : scanText(arg))).join(' '));
			});
			this.restore.push(() => spy.mockRestore());
		}
		for (const stream of [process.stdout, process.stderr]) {
			const original = stream.write.bind(stream);
			stream.write = ((chunk: unknown, ...rest: unknown[]) => {
				lines.push(String(chunk));
				return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
			}) as typeof stream.write;
			this.restore.push(() => {
				stream.write = original;
			});
		}
	}

	get logLines(): readonly string[] {
		return this.lines;
	}

	/** Restores the logger and the console (harmless twice); for cleanup after a failure. */
	release(): void {
		for (const undo of this.restore.splice(0).reverse()) undo();
	}

	/** Restores the logger and the console, then checks every captured line. */
	stopCapture(): number {
		this.release();
		for (const [index, line] of this.lines.entries()) this.expectClean(`log line ${index}`, line);
		return this.lines.length;
	}
}

/** Where the counts reporter (test/harness/jest/counts-reporter.js) has each jest run's folder. */
const COUNTS_ROOT = join(__dirname, '..', '..', '..', '.test-output', 'fault-suite');

export interface SuiteCounts {
	events?: number;
	faultsInjected?: number;
	badInputs?: number;
	secretsChecked?: number;
	logLines?: number;
	sends?: number;
	recoveredSends?: number;
	failedPolls?: number;
	/** Records that appeared on the service after their own time, each emitted once. */
	lateRecords?: number;
	/** Records another client modified after newer ones arrived (they sort after them). */
	modifiedRecords?: number;
	/** Polls that stopped at Max Events per Poll with more left for the next poll. */
	cutShortPolls?: number;
	/** Events of the service's ground truth never emitted, and events emitted more than once. */
	lost?: number;
	duplicated?: number;
	/** Polls started while another poll of the same trigger was running. */
	overlappingPolls?: number;
	/** Events emitted without their image, with the cause in imageError. */
	imageErrors?: number;
	/** Answers whose Date header was an hour ahead of the service's clock. */
	wrongDateHeaders?: number;
	/** Polls while the mail merge job store listed no jobs and answered 2001 to every lookup. */
	outagePolls?: number;
}

/** Writes one suite's counts; the reporter prints the totals once every suite has run. */
export function recordCounts(suite: string, counts: SuiteCounts): void {
	// The folder the reporter made for this run; one of this process alone when none named one.
	const dir = process.env.FAULT_SUITE_COUNTS_DIR ?? join(COUNTS_ROOT, `process-${process.pid}`);
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, `${suite}.json`), JSON.stringify(counts, null, 2));
}

export { itemWithFiles as binaryItem } from './binary-items';

/**
 * How an outbound fax ends, chosen by the last four digits of the destination number (see the
 * table in emulator/README.md) or forced through control.forceOutcome(). Every ErrorCode of the
 * description's send error table is reachable.
 */
export interface Outcome {
	key: string;
	errorCode: number;
	errorText: string;
	/** Where the fax fails: while converting, while adding the cover page, or on a send attempt. */
	stage: 'conversion' | 'coverpage' | 'send';
	/** Another attempt follows while attempts are left. */
	retryable: boolean;
	/** The far end answered as a fax machine: CSI is known and some pages may have gone. */
	connected: boolean;
	/** Seconds the send attempt lasts, given the page count. */
	seconds: (pages: number) => number;
	/** Pages transmitted on this attempt. */
	pagesSent: (pages: number) => number;
}

const none = (): number => 0;

/** key: [ErrorCode, ErrorText, retryable, seconds, what differs from a send failure] */
const FAILURES: Record<string, [number, string, boolean, number, Partial<Outcome>?]> = {
	busy: [1002, 'Busy', true, 5],
	circuitsBusy: [1003, 'Circuits Busy', true, 3],
	noAnswer: [1004, 'No answer', true, 45],
	noFaxTone: [1005, 'No fax tone', true, 30],
	sitIntercept: [1009, 'sit intercept tone', true, 4],
	sitVacant: [1009, 'sit vacant tone', false, 4],
	callRejected: [1000, 'Call rejected', false, 3],
	temporaryFailure: [1000, 'Temporary failure', true, 5],
	answeredBySilence: [1000, 'Answer - Marked by Silence', true, 35],
	blocked: [1041, 'Fax number rejected by fax server fax number restriction', false, 0],
	answeredByPerson: [1100, 'Call answered, possibly by a person', true, 20],
	noCentralOffice: [1101, 'Dial - no answer from central office', true, 10],
	callDisconnected: [1102, 'Dial - call disconnected', true, 8],
	excessiveDuration: [
		1103,
		'fax processing excessive duration',
		false,
		600,
		{ connected: true, pagesSent: (pages) => Math.max(0, pages - 1) },
	],
	pageRejected: [
		3002,
		'page rejected by recipient',
		true,
		0,
		{
			connected: true,
			seconds: (pages) => 10 + 5 * pages,
			pagesSent: (pages) => Math.floor(pages / 2),
		},
	],
	systemError: [0, 'Cannot combine fax files', false, 1],
	invalidNumber: [1000, 'Invalid number format', false, 0],
	missingDigits: [1000, 'Invalid phone number, missing digits', false, 0],
	conversionError: [4001, 'Error converting document to FAX', false, 0, { stage: 'conversion' }],
	coverpageMergeFailed: [1000, 'Coverpage and fax merge failed', false, 0, { stage: 'coverpage' }],
};

export const OUTCOMES: Record<string, Outcome> = {
	sent: {
		key: 'sent',
		errorCode: 0,
		errorText: '',
		stage: 'send',
		retryable: false,
		connected: true,
		seconds: (pages) => 10 + 10 * pages,
		pagesSent: (pages) => pages,
	},
};
for (const [key, [errorCode, errorText, retryable, seconds, extra]] of Object.entries(FAILURES)) {
	OUTCOMES[key] = {
		key,
		errorCode,
		errorText,
		stage: 'send',
		retryable,
		connected: false,
		seconds: () => seconds,
		pagesSent: none,
		...extra,
	};
}

/** Last four digits → outcome key; attempt-dependent scripts are listed in SCRIPTS. */
export const SCRIPTED_SUFFIXES: Record<string, string> = {
	'0002': 'busy',
	'0003': 'circuitsBusy',
	'0004': 'noAnswer',
	'0005': 'noFaxTone',
	'0009': 'sitIntercept',
	'1000': 'callRejected',
	'1001': 'temporaryFailure',
	'1007': 'answeredBySilence',
	'1009': 'sitVacant',
	'1041': 'blocked',
	'1100': 'answeredByPerson',
	'1101': 'noCentralOffice',
	'1102': 'callDisconnected',
	'1103': 'excessiveDuration',
	'3002': 'pageRejected',
	'4001': 'conversionError',
	'9000': 'systemError',
};

/** Suffixes whose result depends on the attempt number (1-based). */
const SCRIPTS: Record<string, (attempt: number) => string> = {
	'0006': (attempt) => (attempt === 1 ? 'busy' : 'sent'),
	'0008': (attempt) => (attempt <= 2 ? 'noAnswer' : 'sent'),
};

export function digitsOf(number: string): string {
	return number.replace(/[^0-9]/g, '');
}

/** Number-format check made when the fax is dialled, as a fax server would. */
export function formatProblem(number: string): string | undefined {
	const trimmed = number.trim();
	if (/[^0-9+\-\s().]/.test(trimmed) || (trimmed.includes('+') && !trimmed.startsWith('+'))) {
		return 'invalidNumber';
	}
	const digits = digitsOf(trimmed);
	if (trimmed.startsWith('+')) return digits.length < 8 ? 'missingDigits' : undefined;
	if (!digits.startsWith('1')) return 'invalidNumber';
	return digits.length < 11 ? 'missingDigits' : digits.length > 11 ? 'invalidNumber' : undefined;
}

export function scriptedOutcome(number: string, attempt: number): Outcome {
	const problem = formatProblem(number);
	if (problem) return OUTCOMES[problem];
	const suffix = digitsOf(number).slice(-4);
	const script = SCRIPTS[suffix];
	if (script) return OUTCOMES[script(attempt)];
	return OUTCOMES[SCRIPTED_SUFFIXES[suffix] ?? 'sent'];
}

export function outcomeFor(number: string, attempt: number, forced: string | undefined): Outcome {
	return forced ? OUTCOMES[forced] : scriptedOutcome(number, attempt);
}

/** Accepts an outcome key or a numeric ErrorCode (the first outcome with that code). */
export function resolveOutcomeKey(value: string | number): string | undefined {
	if (typeof value === 'string' && OUTCOMES[value]) return value;
	const code = Number(value);
	if (!Number.isInteger(code)) return undefined;
	return Object.values(OUTCOMES).find((o) => o.errorCode === code && o.key !== 'sent')?.key;
}

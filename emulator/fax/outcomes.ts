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
const SENT = { connected: true, seconds: (p: number) => 10 + 10 * p, pagesSent: (p: number) => p };
const LAST_PAGE_LOST = { connected: true, pagesSent: (p: number) => Math.max(0, p - 1) };
const HALF_SENT = {
	connected: true,
	seconds: (p: number) => 10 + 5 * p,
	pagesSent: (p: number) => Math.floor(p / 2),
};
const AT_CONVERSION = { stage: 'conversion' } as const;
const AT_COVERPAGE = { stage: 'coverpage' } as const;
const EXCESSIVE_DURATION = 'fax processing excessive duration';
/** What an outcome is unless its row says otherwise: a failed send attempt, nothing sent. */
const FAILED_ATTEMPT = { stage: 'send', connected: false, pagesSent: none } as const;

/**
 * key: [last four digits of the numbers that end so (README's table), ErrorCode, ErrorText,
 * retryable, seconds, what differs from a failed send attempt]
 */
const TABLE: Record<string, [string, number, string, boolean, number, Partial<Outcome>?]> = {
	sent: ['', 0, '', false, 0, SENT],
	busy: ['0002', 1002, 'Busy', true, 5],
	circuitsBusy: ['0003', 1003, 'Circuits Busy', true, 3],
	noAnswer: ['0004', 1004, 'No answer', true, 45],
	noFaxTone: ['0005', 1005, 'No fax tone', true, 30],
	sitIntercept: ['0009', 1009, 'sit intercept tone', true, 4],
	sitVacant: ['1009', 1009, 'sit vacant tone', false, 4],
	callRejected: ['1000', 1000, 'Call rejected', false, 3],
	temporaryFailure: ['1001', 1000, 'Temporary failure', true, 5],
	answeredBySilence: ['1007', 1000, 'Answer - Marked by Silence', true, 35],
	blocked: ['1041', 1041, 'Fax number rejected by fax server fax number restriction', false, 0],
	answeredByPerson: ['1100', 1100, 'Call answered, possibly by a person', true, 20],
	noCentralOffice: ['1101', 1101, 'Dial - no answer from central office', true, 10],
	callDisconnected: ['1102', 1102, 'Dial - call disconnected', true, 8],
	excessiveDuration: ['1103', 1103, EXCESSIVE_DURATION, false, 600, LAST_PAGE_LOST],
	pageRejected: ['3002', 3002, 'page rejected by recipient', true, 0, HALF_SENT],
	systemError: ['9000', 0, 'Cannot combine fax files', false, 1],
	invalidNumber: ['', 1000, 'Invalid number format', false, 0],
	missingDigits: ['', 1000, 'Invalid phone number, missing digits', false, 0],
	conversionError: ['4001', 4001, 'Error converting document to FAX', false, 0, AT_CONVERSION],
	coverpageMergeFailed: ['', 1000, 'Coverpage and fax merge failed', false, 0, AT_COVERPAGE],
};

export const OUTCOMES: Record<string, Outcome> = {};

/** Last four digits → outcome key; attempt-dependent scripts are listed in SCRIPTS. */
const SCRIPTED_SUFFIXES: Record<string, string> = {};
for (const [key, row] of Object.entries(TABLE)) {
	const [suffix, errorCode, errorText, retryable, seconds, extra] = row;
	if (suffix) SCRIPTED_SUFFIXES[suffix] = key;
	const attempt = { key, errorCode, errorText, retryable, seconds: () => seconds };
	OUTCOMES[key] = { ...FAILED_ATTEMPT, ...attempt, ...extra };
}

/** Suffixes whose result depends on the attempt number (1-based). */
const SCRIPTS: Record<string, (attempt: number) => string> = {
	'0006': (attempt) => (attempt === 1 ? 'busy' : 'sent'),
	'0008': (attempt) => (attempt <= 2 ? 'noAnswer' : 'sent'),
};

export function digitsOf(number: string): string {
	return number.replace(/[^0-9]/g, '');
}

/** Number-format check made when the fax is dialled, as a fax server would. */
function formatProblem(number: string): string | undefined {
	const trimmed = number.trim();
	if (/[^0-9+\-\s().]/.test(trimmed) || (trimmed.includes('+') && !trimmed.startsWith('+'))) {
		return 'invalidNumber';
	}
	const digits = digitsOf(trimmed);
	if (trimmed.startsWith('+')) return digits.length < 8 ? 'missingDigits' : undefined;
	if (!digits.startsWith('1')) return 'invalidNumber';
	return digits.length < 11 ? 'missingDigits' : digits.length > 11 ? 'invalidNumber' : undefined;
}

/** The forced outcome, else the one the number's format or last four digits script. */
export function outcomeFor(number: string, attempt: number, forced: string | undefined): Outcome {
	if (forced) return OUTCOMES[forced];
	const problem = formatProblem(number);
	if (problem) return OUTCOMES[problem];
	const suffix = digitsOf(number).slice(-4);
	const script = SCRIPTS[suffix];
	if (script) return OUTCOMES[script(attempt)];
	return OUTCOMES[SCRIPTED_SUFFIXES[suffix] ?? 'sent'];
}

/** Accepts an outcome key or a numeric ErrorCode (the first outcome with that code). */
export function resolveOutcomeKey(value: string | number): string | undefined {
	if (typeof value === 'string' && OUTCOMES[value]) return value;
	const code = Number(value);
	if (!Number.isInteger(code)) return undefined;
	return Object.values(OUTCOMES).find((o) => o.errorCode === code && o.key !== 'sent')?.key;
}

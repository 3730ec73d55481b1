/** Interface A calls for the emulator's own tests, by path under /v1 (`outboundfaxes/1`). */
import type { Emulator } from '../../emulator';
import { call, controlOf, getOutbound, sendFax, statusOf, USERS } from '../harness/emulatorHttp';
import type { CallResult, Login } from '../harness/emulatorHttp';
import { useEmulator, useOwnEmulators } from '../harness/jest/emulator';

type Query = Record<string, string | number>;
type Form = Record<string, string>;

export const requestStatus = (StatusCode?: number, StatusText?: string) => ({
	StatusCode,
	StatusText,
});
/** The RequestStatus of an answer without an error. */
export const OK = requestStatus(0, '');

/** The FaxIds of a search answer in its order; none when FaxInfo is absent. */
export const ids = (res: { json: any }): string[] =>
	(res.json.FaxInfo ?? []).map((f: any) => f.FaxId);

/** Expects an answer's HTTP status and, when given, its RequestStatus: the code, or code and text. */
export function expectAnswer(res: CallResult, status: number, code?: number, text?: string): void {
	expect(res.status).toBe(status);
	if (text !== undefined) expect(res.json.RequestStatus).toEqual(requestStatus(code, text));
	else if (code !== undefined) expect(res.json.RequestStatus.StatusCode).toBe(code);
}

/**
 * Calls by path: `status` answers the status alone, `ids` what a search finds; `send` sends a fax
 * as Alice unless told, `sendId` expects the 201 and answers the FaxId; `mailMerge` is a GET.
 */
export function faxCalls(emu: () => Emulator) {
	const url = (path: string): string => `${emu().urls.fax}/${path}`;
	const send = (
		params: Record<string, string | string[]>,
		login: Login = USERS.alice,
		file?: Blob,
	) => sendFax(emu(), login, params, file);
	return {
		get: (path: string, auth: Login | null, query?: Query) =>
			call('GET', url(path), { auth, query }),
		put: (path: string, auth: Login, form?: Form) => call('PUT', url(path), { auth, form }),
		post: (path: string, auth: Login, form?: Form) => call('POST', url(path), { auth, form }),
		del: (path: string, auth: Login): Promise<CallResult> => call('DELETE', url(path), { auth }),
		status: (method: string, path: string, auth: Login, form?: Form) =>
			statusOf(method, url(path), { auth, form }),
		ids: async (path: string, auth: Login, query: Query = {}): Promise<string[]> =>
			ids(await call('GET', url(path), { auth, query })),
		send,
		sendId: async (...args: Parameters<typeof send>) => {
			const res = await send(...args);
			expect(res.status).toBe(201);
			return Number(res.json.FaxInfo[0].FaxId);
		},
		fax: (id: string | number, login: Login = USERS.alice) => getOutbound(emu(), login, id),
		mailMerge: (path: string, auth: Login = USERS.alice): Promise<CallResult> =>
			call('GET', `${emu().urls.mailMerge}${path}`, { auth }),
		control: controlOf(emu),
	};
}

/**
 * The file's emulator (started once, reset before each test; see useEmulator), its calls, and
 * `ownEmulator`, which starts one of a test's own options, closed after that test.
 */
export function useEmulatorCalls() {
	const emu = useEmulator();
	return { emu, api: faxCalls(emu), ownEmulator: useOwnEmulators() };
}

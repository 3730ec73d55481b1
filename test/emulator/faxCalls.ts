/** Interface A calls for the emulator's own tests, by path under /v1 (`outboundfaxes/1`). */
import type { Emulator } from '../../emulator';
import { call, type CallResult, type Login } from '../harness/emulatorHttp';

type Query = Record<string, string | number>;

/** The FaxIds of a search answer in its order; none when FaxInfo is absent. */
export const ids = (res: { json: any }): string[] =>
	(res.json.FaxInfo ?? []).map((f: any) => f.FaxId);

/** `get`/`put`/`post`/`del` answer the whole reply, `status` its status alone, `ids` what a search finds. */
export function faxCalls(emu: () => Emulator) {
	const url = (path: string): string => `${emu().urls.fax}/${path}`;
	return {
		get: (path: string, auth: Login | null, query?: Query): Promise<CallResult> =>
			call('GET', url(path), { auth, query }),
		put: (path: string, auth: Login, form?: Record<string, string>): Promise<CallResult> =>
			call('PUT', url(path), { auth, form }),
		post: (path: string, auth: Login, form?: Record<string, string>): Promise<CallResult> =>
			call('POST', url(path), { auth, form }),
		del: (path: string, auth: Login): Promise<CallResult> => call('DELETE', url(path), { auth }),
		status: async (method: string, path: string, auth: Login, form?: Record<string, string>) =>
			(await call(method, url(path), { auth, form })).status,
		ids: async (path: string, auth: Login, query: Query = {}): Promise<string[]> =>
			ids(await call('GET', url(path), { auth, query })),
	};
}

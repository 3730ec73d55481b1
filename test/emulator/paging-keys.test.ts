import { call, USERS } from '../harness/emulatorHttp';
import { useEmulator, useOwnEmulators } from '../harness/jest/emulator';

/**
 * How ResultsReference keys are issued: a new key per page (default), or one key for every page
 * of a search (`pagingKeys: 'session'`, a session cursor), which still pages on to the end.
 */

const emu = useEmulator();
const ownEmulator = useOwnEmulators();

const search = (query: Record<string, string | number>) =>
	call('GET', `${emu().urls.fax}/inboundfaxes`, { auth: USERS.alice, query });
const ids = (res: { json: any }): string[] => (res.json.FaxInfo ?? []).map((f: any) => f.FaxId);

/** Every page of one search, following ResultsReference, with the keys it was given. */
async function allPages(query: Record<string, string | number>) {
	const pages: string[][] = [];
	const keys: string[] = [];
	let res = await search(query);
	for (;;) {
		expect(res.status).toBe(200);
		pages.push(ids(res));
		if (res.json.HasMoreResults !== 'true') break;
		keys.push(res.json.ResultsReference);
		res = await search({
			ResultLimit: query.ResultLimit,
			GetNextResults: res.json.ResultsReference,
		});
	}
	expect(res.json.ResultsReference).toBeUndefined();
	return { pages, keys };
}

describe('ResultsReference keys', () => {
	test('per page by default: each page its own key, asking again repeats the page', async () => {
		const faxes = emu().control.injectInbound({ userId: USERS.alice.userId, count: 25 });
		const { pages, keys } = await allPages({ ResultLimit: 10 });
		expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
		expect(pages.flat()).toEqual(faxes.map((fax) => fax.FaxId));
		expect(new Set(keys).size).toBe(2);
		const again = await search({ GetNextResults: keys[0] });
		expect(ids(again)).toEqual(pages[1]);
	});

	test('session (control): one key for every page, each request answers the next page', async () => {
		const switched = await call('POST', `${emu().urls.control}/paging-keys`, {
			json: { mode: 'session' },
		});
		expect(switched.status).toBe(200);
		const faxes = emu().control.injectInbound({ userId: USERS.alice.userId, count: 25 });
		const { pages, keys } = await allPages({ ResultLimit: 10 });
		expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
		expect(pages.flat()).toEqual(faxes.map((fax) => fax.FaxId));
		expect(keys).toEqual([keys[0], keys[0]]);
		// Two searches at once each keep their own session.
		const first = await search({ ResultLimit: 20 });
		const second = await search({ ResultLimit: 5 });
		expect(first.json.ResultsReference).not.toBe(second.json.ResultsReference);
		expect(ids(await search({ GetNextResults: second.json.ResultsReference }))).toEqual(
			pages.flat().slice(5, 10),
		);
		expect(ids(await search({ GetNextResults: first.json.ResultsReference }))).toEqual(
			pages.flat().slice(20),
		);
	});

	test('an unknown mode is refused; reset returns to the start option', async () => {
		const refused = await call('POST', `${emu().urls.control}/paging-keys`, {
			json: { mode: 'sticky' },
		});
		expect(refused.status).toBe(400);
		expect(refused.json.error).toMatch(/per-page, session/);
		emu().control.setPagingKeys('session');
		emu().control.reset();
		emu().control.injectInbound({ userId: USERS.alice.userId, count: 3 });
		const { keys } = await allPages({ ResultLimit: 1 });
		expect(new Set(keys).size).toBe(2);
	});

	test('the start option pagingKeys: session', async () => {
		const session = await ownEmulator({ pagingKeys: 'session' });
		session.control.injectInbound({ userId: USERS.alice.userId, count: 3 });
		const url = `${session.urls.fax}/inboundfaxes`;
		const first = await call('GET', url, { auth: USERS.alice, query: { ResultLimit: 1 } });
		const key = first.json.ResultsReference;
		const next = await call('GET', url, { auth: USERS.alice, query: { GetNextResults: key } });
		expect(next.json.ResultsReference).toBe(key);
		expect(ids(next)).not.toEqual(ids(first));
	});

	test('withheld (control): more results said, no key given; per-page gives keys again', async () => {
		emu().control.injectInbound({ userId: USERS.alice.userId, count: 15 });
		emu().control.setPagingKeys('withheld');
		const res = await search({ ResultLimit: 10 });
		expect(res.status).toBe(200);
		expect(ids(res)).toHaveLength(10);
		expect(res.json.HasMoreResults).toBe('true');
		expect(res.json.ResultsReference).toBeUndefined();
		emu().control.setPagingKeys('per-page');
		const { pages } = await allPages({ ResultLimit: 10 });
		expect(pages.map((page) => page.length)).toEqual([10, 5]);
	});
});

import { RequestLog, type RequestRecord } from '../../emulator/request-log';
import { call } from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';

/** "The requests since now": tests and the bench wait on these, so they must hold at every size. */

const entry = (path: string, method = 'GET'): Omit<RequestRecord, 'seq'> => ({
	api: 'fax',
	method,
	path,
	query: {},
	params: {},
	files: [],
	auth: { scheme: 'Basic', userId: 'alice@acme' },
	status: 200,
	processed: true,
	time: '2026-01-01T00:00:00Z',
	receivedMs: 0,
	responseBytes: 0,
});

test('sinceSeq lists exactly the requests after it, with the other filters', () => {
	const log = new RequestLog();
	for (let i = 1; i <= 10; i++) log.add(entry(`/v1/outboundfaxes/${i}`, i % 2 ? 'GET' : 'POST'));
	expect(log.lastSeq()).toBe(10);
	expect(log.list({ sinceSeq: 7 }).map((r) => r.seq)).toEqual([8, 9, 10]);
	expect(log.list({ sinceSeq: 0 })).toHaveLength(10);
	expect(log.list({ sinceSeq: 10 })).toEqual([]);
	expect(log.list({ sinceSeq: 3, method: 'post' }).map((r) => r.seq)).toEqual([4, 6, 8, 10]);
	expect(log.list({ sinceSeq: 3, path: '/(5|6)$' }).map((r) => r.seq)).toEqual([5, 6]);
});

test('after clear, lastSeq and sinceSeq keep counting from the requests before', () => {
	const log = new RequestLog();
	for (let i = 0; i < 5; i++) log.add(entry('/a'));
	log.clear();
	expect(log.lastSeq()).toBe(5);
	const since = log.lastSeq();
	log.add(entry('/b'));
	log.add(entry('/c'));
	expect(log.list({ sinceSeq: since }).map((r) => r.path)).toEqual(['/b', '/c']);
	expect(log.list({ sinceSeq: 6 }).map((r) => r.path)).toEqual(['/c']);
	log.reset();
	expect(log.lastSeq()).toBe(0);
});

test('past its bound the log drops the oldest and sinceSeq still finds the newest', () => {
	const log = new RequestLog();
	for (let i = 1; i <= 200_010; i++) log.add(entry('/x'));
	expect(log.count()).toBe(200_000);
	expect(log.list({ sinceSeq: 200_007 }).map((r) => r.seq)).toEqual([200_008, 200_009, 200_010]);
	// A sinceSeq older than what is kept lists everything kept.
	expect(log.list({ sinceSeq: 3 })[0].seq).toBe(11);
});

test('listed records are copies: changing one does not change the log', () => {
	const log = new RequestLog();
	log.add(entry('/a'));
	log.list()[0].path = '/changed';
	expect(log.list()[0].path).toBe('/a');
});

describe('over HTTP', () => {
	const emu = useEmulator();

	test('a parameter named like a property of every object is logged as sent', async () => {
		const url = `${emu().urls.fax}/outboundfaxes`;
		await call('GET', `${url}?constructor=1&toString=2&__proto__=3`);
		await call('POST', url, { form: { constructor: 'x', hasOwnProperty: 'y' } });
		const [get, post] = emu().control.requests({ path: '^/v1/outboundfaxes$' });
		expect(Object.entries(get.query)).toEqual([
			['constructor', '1'],
			['toString', '2'],
			['__proto__', '3'],
		]);
		expect(Object.entries(post.params)).toEqual([
			['constructor', 'x'],
			['hasOwnProperty', 'y'],
		]);
	});
});

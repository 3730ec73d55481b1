import { FormData } from 'undici';
import { SEED_TOKENS } from '../../emulator/seed-data';
import { call, pdfFile, statusOf } from '../harness/emulatorHttp';
import { startTestEmulator, useEmulator } from '../harness/jest/emulator';

const emu = useEmulator();

const bearer = (token: string = SEED_TOKENS.acme) => `Bearer ${token}`;
/** Calls under /api/numbers, as an administrator unless a token is given. */
const url = (path: string) => `${emu().urls.numbers}/api/numbers${path}`;
const get = (path: string, token?: string) => call('GET', url(path), { auth: bearer(token) });
const post = (path: string, json: unknown, token?: string) =>
	call('POST', url(path), { auth: bearer(token), json });
const NON_TOLL_FREE_URL = '/add-new-number-request/non-toll-free';
/** The status of a GET as administrator, or with this token. */
const statusAs = (path: string, token?: string) =>
	statusOf('GET', url(path), { auth: bearer(token) });

const NON_TOLL_FREE = {
	country_code: 'US',
	department_name: 'Billing',
	assign_to_user: 'alice@acme',
	notify_email: ['it@acme.example'],
	comment: 'second line',
	forward_from: '',
	region: 'NY',
	city: 'New York',
	area_code: ['212', '646'],
};

describe('lookups', () => {
	test('regions, cities and area codes', async () => {
		const regions = await get('/regions/US');
		expect(regions.status).toBe(200);
		expect(regions.json).toContainEqual({ code: 'NY', name: 'New York' });
		expect(regions.json.length).toBeGreaterThanOrEqual(50);
		expect((await get('/regions/CA')).json).toContainEqual({ code: 'QC', name: 'Quebec' });
		const cities = await get('/cities/US/NY');
		expect(cities.json).toContainEqual({ name: 'New York', region: 'NY', country: 'US' });
		const codes = async (path: string) =>
			(await get(`/area_codes/${path}`)).json.map((a: any) => a.areaCode);
		expect(await codes('US/NY/New%20York')).toEqual(expect.arrayContaining(['212', '646', '718']));
		const region = await get('/area_codes/US/NY');
		expect(await codes('US/NY')).toEqual(expect.arrayContaining(['212', '716', '518']));
		expect((await get('/area_codes/US/NY/')).json).toEqual(region.json);
		const montreal = (await get('/area_codes/CA/QC/montreal')).json[0];
		expect(montreal).toMatchObject({ areaCode: '514', city: 'Montréal' });
	});

	test('unknown country, region or city is a 404; an encoded slash stays in its segment', async () => {
		expect(await statusAs('/regions/MX')).toBe(404);
		expect(await statusAs('/cities/US/ZZ')).toBe(404);
		const slash = await get('/area_codes/US/NY/New%2FYork');
		expect(slash.status).toBe(404);
		expect(slash.json).toEqual({ error: 'not_found', message: 'Unknown city New/York' });
		expect(await statusAs('/nothing')).toBe(404);
		// A name every object has is no route either.
		for (const name of ['constructor', 'toString', '__proto__']) {
			expect(await statusAs(`/${name}`)).toBe(404);
			expect((await post(`/${name}`, {})).status).toBe(404);
		}
	});

	test('401 without or with a bad token, 403 for a non-administrator', async () => {
		const regionsUS = url('/regions/US');
		const none = await call('GET', regionsUS);
		expect(none.status).toBe(401);
		expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
		expect(await statusAs('/regions/US', 'wrong')).toBe(401);
		const basic = await call('GET', regionsUS, {
			auth: { userId: 'admin@acme', password: 'admin-pass-1' },
		});
		expect(basic.status).toBe(401);
		expect(await statusAs('/regions/US', SEED_TOKENS.acmeNotAdmin)).toBe(403);
		const logged = emu().control.requests({ api: 'numbers' });
		expect(logged[0].auth).toEqual({ scheme: null });
		expect(logged[1].auth).toEqual({ scheme: 'Bearer' });
		expect(JSON.stringify(logged)).not.toContain('acme-numbers-token');
	});

	test('setNumbersLookupOrder: every lookup list reversed, then as listed again; reset restores the option', async () => {
		const names = async () =>
			(await get('/cities/US/AK')).json.map((c: { name: string }) => c.name);
		const asListed = ['Anchorage', 'Fairbanks', 'Juneau', 'Ketchikan'];
		expect(await names()).toEqual(asListed);
		const control = (order: string) =>
			call('POST', `${emu().urls.control}/numbers/lookup-order`, { json: { order } });
		expect((await control('reversed')).status).toBe(200);
		expect(await names()).toEqual([...asListed].reverse());
		expect((await get('/regions/US')).json[0]).toEqual({ code: 'WY', name: 'Wyoming' });
		const areaCodes = (await get('/area_codes/US/NY')).json.map(
			(a: { areaCode: string }) => a.areaCode,
		);
		expect(areaCodes).toEqual([...areaCodes].sort().reverse());
		expect((await get('/cities/US/XX')).status).toBe(404);
		emu().control.reset();
		expect(await names()).toEqual(asListed);
		expect((await control('by-size')).status).toBe(400);
		const reversed = await startTestEmulator({ numbersLookupOrder: 'reversed' });
		try {
			reversed.control.reset();
			const answer = await call('GET', `${reversed.urls.numbers}/api/numbers/cities/US/AK`, {
				auth: bearer(),
			});
			expect(answer.json.map((c: { name: string }) => c.name)).toEqual([...asListed].reverse());
		} finally {
			await reversed.close();
		}
		await expect(startTestEmulator({ numbersLookupOrder: 'random' as never })).rejects.toThrow(
			'lookup order must be one of as-listed, reversed',
		);
	});
});

describe('non-toll-free request', () => {
	test('201 with a submitted ticket; the status moves through the control API', async () => {
		const res = await post(NON_TOLL_FREE_URL, NON_TOLL_FREE);
		expect(res.status).toBe(201);
		expect(res.json).toMatchObject({
			id: 1001,
			type: 'non_toll_free',
			status: 'submitted',
			created_at: '2026-01-05T09:00:00.000Z',
			requested_by: 'admin@acme',
			request: NON_TOLL_FREE,
			warnings: [],
		});
		const setStatus = (id: number, status: string) =>
			emu().control.setNumberRequestStatus(id, status);
		setStatus(1001, 'in_review');
		emu().control.advance(60_000);
		setStatus(1001, 'completed');
		expect(emu().control.numberRequests()[0]).toMatchObject({
			status: 'completed',
			updated_at: '2026-01-05T09:01:00.000Z',
			history: [{ status: 'submitted' }, { status: 'in_review' }, { status: 'completed' }],
		});
		expect(() => setStatus(1001, 'in_review')).toThrow();
		expect(() => setStatus(1001, 'bogus')).toThrow();
		expect(() => setStatus(9, 'in_review')).toThrow();
		const http = await call('POST', `${emu().urls.control}/number-requests/1001/status`, {
			json: { status: 'approved' },
		});
		expect(http.status).toBe(400);
	});

	test('minimal payload; a user that does not exist gives a warning', async () => {
		const minimal = { country_code: 'CA', region: 'ON', notify_email: ['a@b.example'] };
		const res = await post(NON_TOLL_FREE_URL, { ...minimal, assign_to_user: 'newhire@acme' });
		expect(res.status).toBe(201);
		expect(res.json.warnings).toHaveLength(1);
	});

	test.each([
		[{ notify_email: undefined }, 'notify_email'],
		[{ notify_email: 'it@acme.example' }, 'notify_email'],
		[{ notify_email: [] }, 'notify_email'],
		[{ notify_email: ['nope'] }, 'notify_email'],
		[{ country_code: 'MX' }, 'country_code'],
		[{ country_code: undefined }, 'country_code'],
		[{ region: undefined }, 'region'],
		[{ region: 'ZZ' }, 'region'],
		[{ region: '' }, 'region'],
		[{ city: 'Atlantis' }, 'city'],
		[{ area_code: ['415'] }, 'area_code'],
		[{ area_code: '212' }, 'area_code'],
		[{ comment: 5 }, 'comment'],
	])('400 for %j instead, naming %s', async (change, field) => {
		const res = await post(NON_TOLL_FREE_URL, { ...NON_TOLL_FREE, ...change });
		expect(res.status).toBe(400);
		expect(res.json.error).toBe('validation_error');
		expect(res.json.details.map((d: any) => d.field)).toContain(field);
		expect(emu().control.numberRequests()).toHaveLength(0);
	});

	test('not JSON: 415 for another content type, 400 for a broken body', async () => {
		const target = url(NON_TOLL_FREE_URL);
		const form = await call('POST', target, { auth: bearer(), form: { country_code: 'US' } });
		expect(form.status).toBe(415);
		const broken = await call('POST', target, {
			auth: bearer(),
			body: '{"country_code":',
			headers: { 'content-type': 'application/json' },
		});
		expect(broken.status).toBe(400);
		expect(broken.json.error).toBe('invalid_json');
		expect(await statusAs(NON_TOLL_FREE_URL)).toBe(405);
	});
});

test('toll-free request: common fields validated, other fields kept', async () => {
	const tollFree = '/add-new-number-request/toll-free';
	const wanted = { comment: 'an 800 number', preferred_prefix: '888' };
	const ok = await post(tollFree, { notify_email: ['it@acme.example'], ...wanted });
	expect(ok.status).toBe(201);
	expect(ok.json).toMatchObject({ type: 'toll_free', status: 'submitted', request: wanted });
	const bad = await post(tollFree, { comment: 'x' });
	expect(bad.status).toBe(400);
	expect(bad.json.details[0].field).toBe('notify_email');
});

describe('port-in request', () => {
	/** The port form: the two PDFs unless given (null leaves one out), and `data` as JSON. */
	async function portForm(
		data: unknown,
		files: { loa?: Blob | null; bill?: Blob | null } = {},
	): Promise<FormData> {
		const fd = new FormData();
		const { loa = await pdfFile(1), bill = await pdfFile(1) } = files;
		if (loa) fd.append('loaFile', loa, 'loa.pdf');
		if (bill) fd.append('billFile', bill, 'bill.pdf');
		if (data !== undefined)
			fd.append('data', typeof data === 'string' ? data : JSON.stringify(data));
		return fd;
	}
	const DATA = {
		country_code: 'US',
		department_name: '',
		assign_to_user: 'bob@acme',
		notify_email: ['it@acme.example'],
		comment: 'port our main line',
		number_to_port: '+1 (212) 555-0199',
	};
	const port = async (fd: FormData) =>
		call('POST', url('/add-port-request'), { auth: bearer(), multipart: fd });
	const changed = (change: Record<string, unknown>) => () => portForm({ ...DATA, ...change });

	test('201 with the files recorded', async () => {
		const res = await port(await portForm(DATA));
		expect(res.status).toBe(201);
		expect(res.json).toMatchObject({ type: 'port_in', status: 'submitted', request: DATA });
		expect(res.json.files.map((f: any) => f.field)).toEqual(['loaFile', 'billFile']);
		const tollFree = await changed({ number_to_port: '18005550199', toll_free: true })();
		expect((await port(tollFree)).status).toBe(201);
	});

	// The description gives no area-code rule for port-in: any North American number, not only the
	// area codes of the emulator's city list (650, 925, 707 and 248 are missing from it).
	test.each(['16505551234', '19255551234', '17075551234', '12485551234'])(
		'201 for %s, a real number whose area code the lookups do not list',
		async (number) => {
			expect((await port(await changed({ number_to_port: number })())).status).toBe(201);
		},
	);

	test('400 for a malformed number, with the same detail as before', async () => {
		const res = await port(await changed({ number_to_port: '650-555-123' })());
		expect(res.status).toBe(400);
		expect(res.json.details).toEqual([
			{ field: 'number_to_port', message: 'must be a 10-digit North American number' },
		]);
	});

	const notPdf = new Blob(['hello'], { type: 'text/plain' });
	test.each<[string, () => Promise<FormData>, string]>([
		['missing loaFile', () => portForm(DATA, { loa: null }), 'loaFile'],
		['billFile not a PDF', () => portForm(DATA, { bill: notPdf }), 'billFile'],
		['missing data', () => portForm(undefined), 'data'],
		['data not JSON', () => portForm('{nope'), 'data'],
		['no notify_email', changed({ notify_email: undefined }), 'notify_email'],
		['bad number', changed({ number_to_port: '555-0199' }), 'number_to_port'],
		['area code starting with 1', changed({ number_to_port: '(112) 555-0199' }), 'number_to_port'],
		['exchange starting with 0', changed({ number_to_port: '12120550199' }), 'number_to_port'],
		['toll_free not boolean', changed({ toll_free: 'yes' }), 'toll_free'],
		['bad country', changed({ country_code: 'us' }), 'country_code'],
	])('400: %s', async (_name, build, field) => {
		const res = await port(await build());
		expect(res.status).toBe(400);
		expect(res.json.details.map((d: any) => d.field)).toContain(field);
	});

	test('415 for a JSON body', async () => {
		expect((await post('/add-port-request', DATA)).status).toBe(415);
	});
});

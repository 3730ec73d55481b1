// New Inbound Fax as a user sets it up: the window, whose faxes, the image, Mark as Retrieved, Simplify.
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { MAX_MARK_RETRIES } from '../../../nodes/FaxCloudTrigger/fax/retrievedMarks';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import { errorText, expectSecretHidden } from '../../harness/jest/fax-cloud-node';
import { inboundIds, searches } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	faxIds,
	MINUTE,
	receive,
	useTriggerEmulator,
	watchInbound,
	watchTrigger,
	withLog,
} from './triggerHelpers';

const emu = useTriggerEmulator();

const NEW_INBOUND_FAX = { event: 'newInboundFax' };
/** The window search of a trigger activated at 09:00: the lateness allowance (10 min) before. */
const WINDOW_FROM_0850 = {
	DatetimeAfter: '2026-01-05T08:50Z',
	SortColumn: 'dateTime',
	SortOrder: 'asc',
	ResultLimit: '250',
};
const ADMIN = { user: 'acmeAdmin' } as const;

describe('Fax Cloud Trigger: New Inbound Fax', () => {
	test('the first activation emits nothing from the past and takes "now" from the service’s clock', async () => {
		receive(emu, 1, { at: '2026-01-04T10:00:00Z' });
		receive(emu, 2, { at: '2026-01-05T08:59:30Z' });
		const trigger = watchTrigger(emu, NEW_INBOUND_FAX);

		expect(await trigger.poll()).toBeNull();
		// The Date header said 09:00:00: the window starts the lateness allowance (10 min) before.
		expect(trigger.staticData()).toMatchObject({
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: { '2026-01-05T08:59:30.000Z': expect.arrayContaining(['in:2', 'in:3']) },
		});
		expect(searches(emu, 'inboundfaxes').map((r) => r.query)).toEqual([
			{ SortColumn: 'dateTime', SortOrder: 'desc', ResultLimit: '1' },
			WINDOW_FROM_0850,
		]);

		// Polls that find the same faxes in the overlap emit nothing.
		emu.control.advance(60_000);
		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();
	});

	test('a new fax is emitted once, normalised, from a search that reaches back the lateness allowance', async () => {
		receive(emu, 1, { at: '2026-01-05T08:30:10Z' });
		const trigger = await watchInbound(emu);
		emu.control.advance(5 * 60_000);
		const [fax] = receive(emu);

		const items = await trigger.pollItems();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			FaxId: Number(fax.FaxId),
			FaxUserId: 'alice@acme',
			FaxStatus: 'recvOk',
			ReceivedTime: '2026-01-05T09:05:00.000Z',
			Mark: false,
		});
		expect(typeof items[0].json.PagesReceived).toBe('number');
		expect(searches(emu, 'inboundfaxes')[2].query).toEqual(WINDOW_FROM_0850);

		emu.control.advance(60_000);
		expect(await trigger.poll()).toBeNull();
		expect(searches(emu, 'inboundfaxes')[3].query.DatetimeAfter).toBe('2026-01-05T08:55Z');
	});

	test('a fax received in the same second as the newest fax at activation is not missed', async () => {
		receive(emu);
		const trigger = await watchInbound(emu);
		const [late] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(late.FaxId)]);
		expect(await trigger.poll()).toBeNull();
	});

	test('a service holding no fax at activation: every fax that appears later within the allowance is new', async () => {
		const trigger = watchTrigger(emu, NEW_INBOUND_FAX);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toMatchObject({
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: {},
		});
		// A fax stamped before the activation was not on the service then, unless it is too late.
		receive(emu, 1, { at: '2026-01-05T08:00:00Z' });
		const faxes = [...receive(emu, 1, { at: '2026-01-05T08:55:00Z' }), ...receive(emu, 2)];
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(faxes));
		expect(searches(emu, 'inboundfaxes')[2].query).toEqual(WINDOW_FROM_0850);
		expect(await trigger.poll()).toBeNull();
	});

	test('Watch Faxes Of: the login’s own faxes, all users (*) or one user with a proxy login', async () => {
		const own = watchTrigger(emu, NEW_INBOUND_FAX);
		const all = watchTrigger(emu, { ...NEW_INBOUND_FAX, faxesOf: 'allUsers' }, ADMIN);
		const bobs = { ...NEW_INBOUND_FAX, faxesOf: 'oneUser', faxUserId: 'bob@acme' };
		const bob = watchTrigger(emu, bobs, ADMIN);
		for (const trigger of [own, all, bob]) await trigger.poll();
		receive(emu);
		emu.control.injectInbound({ userId: 'bob@acme' });
		emu.control.injectInbound({ userId: 'carol@globex' });

		const users = async (trigger: typeof own) =>
			(await trigger.pollItems()).map((item) => item.json.FaxUserId);
		expect(await users(own)).toEqual(['alice@acme']);
		expect(await users(all)).toEqual(['alice@acme', 'bob@acme']);
		expect(await users(bob)).toEqual(['bob@acme']);
		expect(searches(emu, 'inboundfaxes').map((r) => [r.auth.userId, r.query.FaxUserId])).toEqual(
			expect.arrayContaining([
				['alice@acme', undefined],
				['admin@acme', '*'],
				['admin@acme', 'bob@acme'],
			]),
		);
	});

	test('One User given with spaces around the user ID watches that user: the spaces are not sent', async () => {
		const bobs = { ...NEW_INBOUND_FAX, faxesOf: 'oneUser', faxUserId: ' bob@acme ' };
		const bob = watchTrigger(emu, bobs, ADMIN);
		await bob.poll();
		emu.control.injectInbound({ userId: 'bob@acme' });
		expect((await bob.pollItems()).map((item) => item.json.FaxUserId)).toEqual(['bob@acme']);
		const sent = searches(emu, 'inboundfaxes').map((r) => r.query.FaxUserId);
		expect(sent).toEqual(Array(sent.length).fill('bob@acme'));
	});

	test('changing whose faxes are watched starts afresh, like a first activation', async () => {
		const trigger = await watchInbound(emu, {}, ADMIN);
		emu.control.injectInbound({ userId: 'bob@acme' });
		trigger.setParameters({ ...NEW_INBOUND_FAX, faxesOf: 'allUsers' });
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().watching).toBe('newInboundFax:*');
		const [next] = emu.control.injectInbound({ userId: 'bob@acme' });
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
	});

	test.each([
		['pdf', 'application/pdf', '%PDF'],
		['tif', 'image/tiff', 'II*\u0000'],
	])(
		'attaches the fax image as %s, asked for as %s (Accept), the search as JSON',
		async (format, mimeType, magic) => {
			const trigger = await watchInbound(emu, { attachImage: format, binaryPropertyName: 'fax' });
			const [fax] = receive(emu, 1, { fields: { PagesReceived: 2 } });
			const [item] = await trigger.pollItems();
			expect(item.json.FaxId).toBe(Number(fax.FaxId));
			expect(item.binary?.fax).toMatchObject({ mimeType, fileName: `fax-${fax.FaxId}.${format}` });
			const data = Buffer.from(item.binary!.fax.data, 'base64');
			expect(data.subarray(0, magic.length).toString('latin1')).toBe(magic);
			const [download] = emu.control.requests({ method: 'GET', path: '/image$' });
			expect(download).toMatchObject({
				path: `/v1/inboundfaxes/${fax.FaxId}/image`,
				query: { FaxContentType: format },
				accept: mimeType,
			});
			const searchAccepts = searches(emu, 'inboundfaxes').map((r) => r.accept);
			expect(new Set(searchAccepts)).toEqual(new Set(['application/json']));
		},
	);

	test('Mark as Retrieved sets the service’s Mark flag after the poll took the faxes', async () => {
		const trigger = watchTrigger(emu, { ...NEW_INBOUND_FAX, markAsRetrieved: true });
		receive(emu, 1, { at: '2026-01-05T08:00:00Z' });
		await trigger.poll();
		const faxes = receive(emu, 2);
		const items = await trigger.pollItems();
		expect(items.map((item) => item.json.Mark)).toEqual([true, true]);
		expect(emu.control.requests({ method: 'PUT' }).map((r) => [r.path, r.params])).toEqual(
			faxes.map((f) => [`/v1/inboundfaxes/${f.FaxId}`, { Mark: 'true' }]),
		);
		// Faxes from before the activation are left as they are.
		const marked = emu.control.inboundAll().filter((fax) => fax.Mark === 'true');
		expect(marked.map((fax) => fax.FaxId).sort()).toEqual(faxes.map((f) => f.FaxId).sort());
		expect(await trigger.poll()).toBeNull();
		expect(emu.control.requests({ method: 'PUT' })).toHaveLength(2);
	});

	test('a fax another client marked as retrieved before the poll is still emitted', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true });
		const [fax] = receive(emu, 1, { fields: { Mark: 'true' } });
		const items = await trigger.pollItems();
		expect(items.map((item) => [item.json.FaxId, item.json.Mark])).toEqual([
			[Number(fax.FaxId), true],
		]);
		expect(searches(emu, 'inboundfaxes').every((r) => r.query.Mark === undefined)).toBe(true);
	});

	test('a mark that keeps failing is given up after three attempts, the fax still emitted once', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true });
		const [fax] = receive(emu);
		emu.control.addFault({ method: 'PUT', kind: 'http500' });
		expect(await trigger.pollItems()).toHaveLength(1);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toEqual([[Number(fax.FaxId), 2]]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		expect(await trigger.poll()).toBeNull();
		expect(emu.control.requests({ method: 'PUT' })).toHaveLength(3);
	});

	test.each([
		[{ faxesOf: 'oneUser', faxUserId: '' }, 'Fax User ID'],
		[{ faxesOf: 'oneUser', faxUserId: 'bob acme' }, 'Fax User ID'],
		[{ faxesOf: 'oneUser', faxUserId: '*' }, 'Fax User ID'],
		[{ attachImage: 'pdf', binaryPropertyName: ' ' }, 'Put Image in Field'],
		[{ attachImage: 'jpeg' }, 'Attach Fax Image'],
		[{ options: { maxEventsPerPoll: 0 } }, 'Max Events per Poll'],
		[{ options: { latenessMinutes: 0 } }, 'Lateness Allowance (Minutes)'],
		[{ options: { latenessMinutes: 1441 } }, 'Lateness Allowance (Minutes)'],
		[{ options: { latenessMinutes: 2.5 } }, 'Lateness Allowance (Minutes)'],
		[{ event: 'outboundFaxStatusChanged', statuses: [] }, 'Statuses'],
	])('bad parameters %j are refused before any request', async (parameters, name) => {
		const trigger = watchTrigger(emu, { ...NEW_INBOUND_FAX, ...parameters });
		for (const mode of ['trigger', 'manual'] as const) {
			const error = await trigger.poll(mode).catch((e: unknown) => e);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as Error).message).toContain(`"${name}"`);
		}
		expect(emu.control.requests()).toHaveLength(0);
		expect(trigger.staticData()).toEqual({});
	});

	test('a wrong password fails the poll with advice and without the secret', async () => {
		const password = 'wrong-Secret-99';
		const trigger = watchTrigger(emu, NEW_INBOUND_FAX, { password });
		const error = await trigger.poll().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(errorText(error)).toMatch(/Authorization failed \(HTTP 401\)/);
		expectSecretHidden(error, password);
		expect(trigger.staticData()).toEqual({});
	});
});

describe('Fax Cloud Trigger: Mark as Retrieved retries', () => {
	test('marks over the state’s limit are dropped only with a warning naming their FaxIds', async () => {
		// A budget already spent: one batch of marks a poll, the rest waits.
		const trigger = await watchInbound(emu, { markAsRetrieved: true }, { pollBudgetMs: 0 });
		// Marks left by earlier polls, for faxes the service no longer has: each fails again.
		const waiting = Array.from({ length: MAX_MARK_RETRIES }, (_, i) => [900_001 + i, 1]);
		trigger.setStaticData({ ...trigger.staticData(), marks: waiting });
		const [fax] = receive(emu);
		const [items, logLines] = await withLog(() => trigger.pollItems());
		expect(inboundIds(items)).toEqual([Number(fax.FaxId)]);
		const marks = trigger.staticData().marks as Array<[number, number]>;
		expect(marks).toHaveLength(MAX_MARK_RETRIES);
		const kept = new Set(marks.map(([faxId]) => faxId));
		const all = [...waiting.map(([faxId]) => faxId), Number(fax.FaxId)];
		const lost = all.filter((faxId) => !kept.has(faxId));
		expect(lost).toHaveLength(1);
		const warnings = logLines.filter((line) => line.includes('will not be marked'));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(`FaxId ${lost[0]}`);
	});
});

const onlySimplified = (direction: 'outbound' | 'inbound', json: object) =>
	Object.keys(json).every((key) => SIMPLIFIED_FAX_FIELDS[direction].includes(key));

describe('Fax Cloud Trigger version 2: Simplify', () => {
	/** One fax a minute after the first poll, the next minute's poll emitting it. */
	async function oneFaxAt(typeVersion: number) {
		const trigger = await watchInbound(emu, {}, { typeVersion });
		emu.control.advance(MINUTE);
		receive(emu);
		emu.control.advance(MINUTE);
		return (await trigger.pollItems())[0];
	}

	test('a new inbound fax is emitted with the inbound field set by default', async () => {
		const item = await oneFaxAt(2);
		expect(onlySimplified('inbound', item.json)).toBe(true);
		expect(item.json).toMatchObject({ FaxUserId: 'alice@acme', FaxStatus: 'recvOk' });
		expect(item.json).toHaveProperty('CallerNumber');
	});

	test('an outbound status change is emitted with the outbound field set; off gives the whole record', async () => {
		const event = 'outboundFaxStatusChanged';
		const simple = watchTrigger(emu, { event }, { typeVersion: 2 });
		const whole = watchTrigger(emu, { event, simple: false }, { typeVersion: 2 });
		await simple.poll();
		await whole.poll();
		const faxId = await sendOutbound(emu, 'alice');
		emu.control.advance(2 * MINUTE);
		const [simpleItem] = await simple.pollItems();
		const [wholeItem] = await whole.pollItems();
		expect(simpleItem.json).toMatchObject({ FaxId: faxId, FaxStatus: 'sent' });
		expect(onlySimplified('outbound', simpleItem.json)).toBe(true);
		expect(wholeItem.json).toMatchObject({ FaxId: faxId, FaxStatus: 'sent' });
		expect(wholeItem.json).toHaveProperty('ImgHost');
	});

	test('a version 1 trigger keeps emitting the whole record', async () => {
		expect((await oneFaxAt(1)).json).toHaveProperty('ImgHost');
	});
});

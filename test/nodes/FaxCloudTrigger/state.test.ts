// The state the trigger keeps between polls: bounded, replaced when unreadable or for another
// event or account, and read on from the version 1 state of the trigger's first release.
import type { IDataObject } from 'n8n-workflow';

import { loadSeed } from '../../../emulator/seed-data';
import {
	MAX_REMEMBERED_STATUSES,
	StatusMemory,
} from '../../../nodes/FaxCloudTrigger/state/statusMemory';
import { credentialsFor, SEED_USERS } from '../../harness/jest/emulator';
import { pollTrigger } from '../../harness/jest/poll';
import {
	historyAfter,
	inboundIds,
	searches,
	stateAccount,
	statusChanges,
} from '../../harness/jest/ground-truth';
import { createJob, sendOutbound, triggerNode } from '../../harness/jest/trigger-kit';
import {
	faxIds,
	MINUTE,
	receive,
	seenKeys,
	useTriggerEmulator,
	watchInbound,
	watchTrigger,
	watchTriggers,
	withLog,
} from './triggerHelpers';

// The emulator reads its users from this object on every request: a test can change a password.
const seed = loadSeed();
const emu = useTriggerEmulator({ seed });
const alice = seed.users.find((user) => user.userId === SEED_USERS.alice.userId)!;

afterEach(() => {
	alice.password = SEED_USERS.alice.password;
});

/** A stored state of version 1, as the trigger's first release wrote it. */
const version1 = (watching: string, cursor: string | null, seen: IDataObject, more = {}) => ({
	version: 1,
	watching,
	cursor,
	seen,
	...more,
});

describe('Fax Cloud Trigger: the state kept between polls', () => {
	test('stays bounded after many polls: only the keys of the last window are kept', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true });
		const [emitted, sizes, keyCounts]: number[][] = [[], [], []];
		for (let poll = 0; poll < 300; poll++) {
			emu.control.advance(30_000);
			receive(emu, 2);
			emitted.push(...inboundIds(await trigger.pollItems()));
			sizes.push(JSON.stringify(trigger.staticData()).length);
			keyCounts.push(seenKeys(trigger).length);
		}
		expect(emitted).toEqual(trigger.inboundSinceStart());
		expect(emitted).toHaveLength(600);
		// A window reaches back the allowance and the minute it starts in: 23 polls of two faxes.
		expect(Math.max(...keyCounts)).toBeLessThanOrEqual(46);
		expect(Math.max(...keyCounts.slice(200))).toBe(Math.max(...keyCounts.slice(0, 40)));
		expect(Math.max(...sizes)).toBeLessThan(1_600);
	});

	test('inbound and outbound faxes with the same FaxId are different events, their triggers in one workflow polling side by side', async () => {
		const { Received, Sent } = watchTriggers(emu, {
			Received: { event: 'newInboundFax' },
			Sent: { event: 'outboundFaxStatusChanged', statuses: ['awaitingConversion', 'sent'] },
		});
		await Promise.all([Received.poll(), Sent.poll()]);
		const [inbound] = receive(emu);
		const outbound = await sendOutbound(emu, 'alice');
		expect(Number(inbound.FaxId)).toBe(outbound);

		const [received, sent] = await Promise.all([Received.pollItems(), Sent.pollItems()]);
		expect(inboundIds(received)).toEqual([outbound]);
		expect(statusChanges(sent)).toEqual([`${outbound}:awaitingConversion`]);
		emu.control.advance(MINUTE);
		expect(statusChanges(await Sent.pollItems())).toEqual([`${outbound}:sent`]);
		expect(await Received.poll()).toBeNull();
		expect(seenKeys(Received)).toEqual([`in:${outbound}`]);
		expect(seenKeys(Sent)).toEqual([`out:${outbound}:awaitingConversion`, `out:${outbound}:sent`]);
	});

	test.each([
		['a state of another layout', { lastTimeChecked: 1767603600 }],
		['a damaged cursor', version1('newInboundFax:', 'soon', {})],
		['damaged keys', { version: 1, watching: 'newInboundFax:', cursor: null, seen: [1, 2] }],
		['a newer layout', { version: 3, watching: 'newInboundFax:', windowStart: null, seen: {} }],
	])('%s is replaced by a first activation, emitting nothing from the past', async (_, data) => {
		receive(emu, 3, { at: '2026-01-05T08:00:00Z' });
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		trigger.setStaticData(data);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toEqual({
			version: 2,
			watching: 'newInboundFax:',
			account: stateAccount(emu),
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: {},
			clock: { service: Date.parse('2026-01-05T09:00:00Z'), host: expect.any(Number) },
			generation: 1,
		});
		const [next] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
	});

	test('switching the event starts afresh; the old event’s state is replaced', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true });
		receive(emu);
		await sendOutbound(emu, 'alice');
		emu.control.advance(MINUTE);
		trigger.setParameters({ event: 'outboundFaxStatusChanged' });
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toMatchObject({
			watching: 'outboundFaxStatusChanged:',
			windowStart: '2026-01-05T08:51:00.000Z',
			seen: { '2026-01-05T09:00:27.000Z': ['out:1:sent'] },
		});
		expect(trigger.staticData().marks).toBeUndefined();
		const next = await sendOutbound(emu, 'alice');
		emu.control.advance(MINUTE);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${next}:sent`]);
	});

	test('the last statuses of outbound faxes not final yet: kept up to an hour before the window, the 10,000 most recently updated, a final one forgotten', () => {
		const windowStart = Date.parse('2026-01-05T12:00:00Z');
		const memory = new StatusMemory(undefined, {});
		const at = (minutesBefore: number) => windowStart - minutesBefore * MINUTE;
		memory.observe({ faxId: 'hour', status: 'sending', time: at(60) });
		memory.observe({ faxId: 'older', status: 'sending', time: at(61) });
		memory.observe({ faxId: 'done', status: 'sending', time: at(1) });
		memory.observe({ faxId: 'done', status: 'sent', time: at(0) });
		expect(Object.keys(memory.toState(windowStart)!).sort()).toEqual(['hour']);
		for (let i = 0; i < MAX_REMEMBERED_STATUSES; i++) {
			memory.observe({ faxId: `new${i}`, status: 'scheduled', time: windowStart + i });
		}
		const kept = memory.toState(windowStart)!;
		expect(MAX_REMEMBERED_STATUSES).toBe(10_000);
		expect(Object.keys(kept)).toHaveLength(10_000);
		expect(kept.hour).toBeUndefined();
	});
});

/** Fax IDs and event times of another account (base URL and login) mean other faxes. */
describe('Fax Cloud Trigger: the state belongs to the credential’s account', () => {
	/** A trigger whose credential the test edits between polls, as a user does in n8n. */
	function watchWithCredential(parameters: IDataObject) {
		const credentials = credentialsFor(emu, 'alice');
		const trigger = pollTrigger({ node: triggerNode, parameters, credentials });
		return { trigger, credential: credentials.faxCloudApi! };
	}

	/** Alice's Mark as Retrieved trigger after a poll that emitted three faxes, all marks failed. */
	async function withThreeQueuedMarks() {
		const watched = watchWithCredential({ event: 'newInboundFax', markAsRetrieved: true });
		await watched.trigger.poll();
		emu.control.advance(MINUTE);
		const faxes = receive(emu, 3);
		emu.control.addFault({ method: 'PUT', path: '^/v1/inboundfaxes/', kind: 'http500', count: 3 });
		expect(inboundIds(await watched.trigger.pollItems())).toEqual(faxIds(faxes));
		expect(watched.trigger.staticData().marks).toHaveLength(3);
		return watched;
	}

	const carolsMarks = () =>
		emu.control.requests({ method: 'PUT', path: '^/v1/inboundfaxes/', userId: 'carol@globex' });

	test('a password change (same login): the next polls emit exactly the new faxes, and queued marks are still sent', async () => {
		const { trigger, credential } = await withThreeQueuedMarks();

		// The password is changed on the service first: a poll fails and changes nothing.
		alice.password = 'alice-new-pass-2';
		const kept = trigger.staticData();
		await expect(trigger.poll()).rejects.toThrow(/401/);
		expect(trigger.staticData()).toEqual(kept);

		// Then in the credential.
		credential.password = 'alice-new-pass-2';
		emu.control.advance(MINUTE);
		const after = receive(emu, 2);
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(after));
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		expect(trigger.staticData().account).toBe(stateAccount(emu));
		expect(emu.control.inboundAll().every((fax) => fax.Mark === 'true')).toBe(true);
	});

	test('a switch to another login starts afresh: no queued mark reaches the new account, nothing from before is emitted', async () => {
		const { trigger, credential } = await withThreeQueuedMarks();
		// Faxes the other account received before the switch are its past.
		emu.control.advance(MINUTE);
		emu.control.injectInbound({ userId: 'carol@globex', count: 2 });

		credential.userId = SEED_USERS.carol.userId;
		credential.password = SEED_USERS.carol.password;
		const secrets = [SEED_USERS.alice.password, SEED_USERS.carol.password];
		const [polled, log] = await withLog(() => trigger.poll(), secrets);
		expect(polled).toBeNull();
		expect(carolsMarks()).toEqual([]);
		expect(trigger.staticData().marks).toBeUndefined();
		expect(trigger.staticData().account).toBe(stateAccount(emu, 'carol'));
		expect(log.join('\n')).toMatch(
			/another account .* left behind: 3 Mark as Retrieved retries and 0 mail merge jobs/,
		);

		emu.control.advance(MINUTE);
		const [next] = emu.control.injectInbound({ userId: 'carol@globex' });
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
		expect(carolsMarks().map((r) => r.path)).toEqual([`/v1/inboundfaxes/${next.FaxId}`]);
		// Alice's faxes were never marked by another login.
		const marked = emu.control.inboundAll().filter((fax) => fax.Mark === 'true');
		expect(marked.map((fax) => fax.FaxId)).toEqual([next.FaxId]);
	});

	test('the Fax API Base URL given again with a trailing slash is the same account: the faxes received meanwhile are emitted', async () => {
		const { trigger, credential } = watchWithCredential({ event: 'newInboundFax' });
		await trigger.poll();
		const { account } = trigger.staticData();
		emu.control.advance(MINUTE);
		const faxes = receive(emu, 2);
		credential.faxBaseUrl = `${String(credential.faxBaseUrl)}/`;
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(faxes));
		expect(trigger.staticData().account).toBe(account);
	});

	test('a state saved before accounts were kept continues with the current account', async () => {
		const { trigger } = watchWithCredential({ event: 'newInboundFax' });
		await trigger.poll();
		const { account, ...withoutAccount } = trigger.staticData();
		expect(account).toBeDefined();
		trigger.setStaticData(withoutAccount);
		emu.control.advance(MINUTE);
		const faxes = receive(emu, 2);
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(faxes));
		expect(trigger.staticData().account).toBe(stateAccount(emu));
	});
});

/**
 * Workflows activated with the trigger's first release hold a state of version 1 (a cursor and
 * the keys of the minute before it). An upgrade must neither emit again what they emitted nor
 * skip what arrived meanwhile, so version 1 is read on, not replaced by an activation.
 */
describe('Fax Cloud Trigger: a version 1 state from the trigger’s first release', () => {
	test('an inbound state of version 1: nothing emitted again, the faxes of the upgrade emitted once', async () => {
		for (const at of ['09:00:00', '09:04:10', '09:05:30'])
			receive(emu, 1, { at: `2026-01-05T${at}Z` });
		// Arrived while n8n was upgraded: in the cursor's second, and after it.
		const during = [
			...receive(emu, 1, { at: '2026-01-05T09:05:30Z' }),
			...receive(emu, 1, { at: '2026-01-05T09:07:00Z' }),
		];
		emu.control.setTime('2026-01-05T09:08:00Z');
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		// The first release's state once it emitted faxes 2 and 3; a key before its window is dropped.
		trigger.setStaticData(
			version1('newInboundFax:', '2026-01-05T09:05:30.000Z', {
				'2026-01-05T09:03:59.000Z': ['in:1'],
				'2026-01-05T09:04:10.000Z': ['in:2'],
				'2026-01-05T09:05:30.000Z': ['in:3'],
			}),
		);

		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(during));
		// The first release's own window: one whole minute before the cursor's minute.
		expect(searches(emu, 'inboundfaxes')[0].query.DatetimeAfter).toBe('2026-01-05T09:04Z');
		expect(trigger.staticData()).toEqual({
			version: 2,
			watching: 'newInboundFax:',
			account: stateAccount(emu),
			windowStart: '2026-01-05T09:04:00.000Z',
			seen: {
				'2026-01-05T09:04:10.000Z': ['in:2'],
				'2026-01-05T09:05:30.000Z': ['in:3', 'in:4'],
				'2026-01-05T09:07:00.000Z': ['in:5'],
			},
			clock: { service: Date.parse('2026-01-05T09:08:00Z'), host: expect.any(Number) },
			// The first save of this version's state (pollLock.ts).
			generation: 1,
		});
		expect(await trigger.poll()).toBeNull();
		emu.control.advance(MINUTE);
		const [next] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
	});

	test('marks waiting for a retry in a version 1 state are still tried', async () => {
		const [fax] = receive(emu, 1, { at: '2026-01-05T08:59:00Z' });
		const trigger = watchTrigger(emu, { event: 'newInboundFax', markAsRetrieved: true });
		const seen = { '2026-01-05T08:59:00.000Z': ['in:1'] };
		const marks = [[Number(fax.FaxId), 1]];
		trigger.setStaticData(version1('newInboundFax:', '2026-01-05T08:59:00.000Z', seen, { marks }));
		expect(await trigger.poll()).toBeNull();
		expect(emu.control.inboundAll()[0].Mark).toBe('true');
		expect(trigger.staticData().marks).toBeUndefined();
	});

	test('a version 1 state without a cursor (nothing on the service at activation): every fax there now is new, as the first release promised', async () => {
		const faxes = receive(emu, 2, { at: '2026-01-05T08:00:00Z' });
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		trigger.setStaticData(version1('newInboundFax:', null, {}));
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(faxes));
		expect(trigger.staticData().windowStart).toBe('2026-01-05T08:50:00.000Z');
		expect(await trigger.poll()).toBeNull();
	});

	test('an outbound state of version 1 keeps its status keys', async () => {
		const first = await sendOutbound(emu, 'alice');
		emu.control.advance(MINUTE);
		const second = await sendOutbound(emu, 'alice');
		const skip = emu.control.outboundHistory().length;
		const trigger = watchTrigger(emu, { event: 'outboundFaxStatusChanged' });
		// The first release had emitted the first completion (09:00:27) and nothing since.
		const seen = { '2026-01-05T09:00:27.000Z': [`out:${first}:sent`] };
		trigger.setStaticData(version1('outboundFaxStatusChanged:', '2026-01-05T09:00:27.000Z', seen));
		emu.control.advance(MINUTE);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${second}:sent`]);
		expect(historyAfter(emu, skip, ['sent'])).toEqual([`${second}:sent`]);
		expect(await trigger.poll()).toBeNull();
	});

	test('a mail merge state of version 1 keeps its jobs in process', async () => {
		const running = await createJob(emu, 5);
		const trigger = watchTrigger(emu, { event: 'mailMergeJobFinished' });
		const seen = { '2026-01-05T09:00:00.000Z': [`job:${running}`] };
		const more = { pending: [running] };
		trigger.setStaticData(version1('mailMergeJobFinished', '2026-01-05T09:00:00.000Z', seen, more));
		emu.control.advance(MINUTE);
		expect((await trigger.pollItems()).map((item) => item.json.ID)).toEqual([running]);
		expect(trigger.staticData()).toMatchObject({ version: 2, pending: [] });
		expect(await trigger.poll()).toBeNull();
	});
});

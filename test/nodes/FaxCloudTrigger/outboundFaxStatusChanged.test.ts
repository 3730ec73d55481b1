// Outbound Fax Status Changed: one event per change of FaxStatus, completed faxes by default.
import { SEND_FAX_STATUSES } from '../../../nodes/shared/faxStatuses';
import { sendFax, textPages } from '../../harness/emulatorHttp';
import { SEED_USERS } from '../../harness/jest/emulator';
import { historyAfter, searches, sorted, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	changesAfterSteps,
	MINUTE,
	SECOND,
	useTriggerEmulator,
	watchFromNow,
} from './triggerHelpers';

const emu = useTriggerEmulator();

/** Every status an outbound fax passes through: the trigger watches each change. */
const EVERY_CHANGE = { event: 'outboundFaxStatusChanged', statuses: [...SEND_FAX_STATUSES] };
const COMPLETED = { event: 'outboundFaxStatusChanged' };
/** The emulator's number busy at the first attempt, sent at the second (RetryInterval later). */
const BUSY_ONCE = '12125550006';
/** The changes of one fax through the statuses (space-separated), as the ground truth reads them. */
const changesOf = (faxId: number, statuses: string) =>
	statuses.split(' ').map((status) => `${faxId}:${status}`);

describe('Fax Cloud Trigger: Outbound Fax Status Changed', () => {
	test('polled after every step, a fax is emitted once per status it goes through', async () => {
		const trigger = await watchFromNow(emu, EVERY_CHANGE);
		const faxId = await sendOutbound(emu, 'alice', '12125550000', { CoverPageEnabled: 'true' });
		const emitted: string[] = [];
		// awaitingConversion, +5 s awaitingCoverpage, +3 s scheduled, +2 s sending, +20 s sent
		for (const step of [0, 5_000, 3_000, 2_000, 20_000, 60_000]) {
			emu.control.advance(step);
			const items = await trigger.pollItems();
			emitted.push(...statusChanges(items));
			for (const item of items) {
				expect(item.json).toMatchObject({ FaxId: faxId, FaxUserId: 'alice@acme' });
				expect(typeof item.json.PagesTotal).toBe('number');
			}
		}
		expect(emitted).toEqual(
			changesOf(faxId, 'awaitingConversion awaitingCoverpage scheduled sending sent'),
		);
		expect(emitted).toEqual(trigger.changesSinceStart());
	});

	test('a status a fax returns to (retry after busy) is a new change and emitted again', async () => {
		const trigger = await watchFromNow(emu, EVERY_CHANGE);
		const faxId = await sendOutbound(emu, 'alice', BUSY_ONCE, { RetryInterval: '1' });
		const steps = [0, 5_000, 2_000, 5_000, 60_000, 20_000, 60_000];
		const emitted = await changesAfterSteps(emu, trigger, steps);
		expect(emitted).toEqual(
			changesOf(faxId, 'awaitingConversion scheduled sending scheduled sending sent'),
		);
		expect(emitted).toEqual(trigger.changesSinceStart());
	});

	test('a fax that changed status twice between polls is emitted once, with its current status', async () => {
		const trigger = await watchFromNow(emu, EVERY_CHANGE);
		const faxId = await sendOutbound(emu, 'alice');
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:awaitingConversion`]);
		// scheduled after 5 s, sending after 7 s: only the status at the poll is on the service.
		emu.control.advance(8_000);
		const items = await trigger.pollItems();
		expect(statusChanges(items)).toEqual([`${faxId}:sending`]);
		expect(items[0].json.CompleteTime).toBe('2026-01-05T09:00:07.000Z');
		expect(await trigger.poll()).toBeNull();
		emu.control.advance(60_000);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sent`]);
		expect(await trigger.poll()).toBeNull();
	});

	test('by default only completed faxes are emitted (sent, send failed), none missed between sparse polls', async () => {
		const inFlight = await sendOutbound(emu, 'alice', '12125550000');
		await sendOutbound(emu, 'alice', '12125551041');
		// 1041 fails at its first dial (7 s); the other fax is sending then.
		emu.control.advance(10_000);
		const trigger = await watchFromNow(emu, COMPLETED);
		const numbers = ['12125550000', '12125551000', '12125550003', '12125550008', '12125551041'];
		const sent: number[] = [];
		for (const number of numbers) sent.push(await sendOutbound(emu, 'alice', number));
		emu.control.advance(2 * 60 * 60_000);

		const items = await trigger.pollItems();
		const completed = trigger.changesSinceStart(['sent', 'sendFailed']);
		expect(sorted(statusChanges(items))).toEqual(sorted(completed));
		const ids = items.map((item) => Number(item.json.FaxId));
		expect(sorted(ids)).toEqual(sorted([inFlight, ...sent]));
		const circuitsBusy = { FaxStatus: 'sendFailed', ErrorCode: 1003, ErrorText: 'Circuits Busy' };
		expect(items.find((item) => item.json.FaxId === sent[2])!.json).toMatchObject(circuitsBusy);
		expect(await trigger.poll()).toBeNull();
		const last = searches(emu, 'outboundfaxes').at(-1)!;
		expect(last.query).toMatchObject({ SortColumn: 'dateTime', SortOrder: 'asc' });
		expect(last.query.DatetimeAfter).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
	});

	test('all users of the organization with a proxy login, and the image of the sent fax', async () => {
		const parameters = { ...COMPLETED, faxesOf: 'allUsers', attachImage: 'pdf' };
		const trigger = await watchFromNow(emu, parameters, { user: 'acmeAdmin' });
		const alice = await sendOutbound(emu, 'alice');
		const bob = await sendOutbound(emu, 'bob');
		await sendOutbound(emu, 'carol');
		emu.control.advance(60_000);
		const items = await trigger.pollItems();
		expect(items.map((item) => [item.json.FaxId, item.json.FaxUserId])).toEqual([
			[alice, 'alice@acme'],
			[bob, 'bob@acme'],
		]);
		expect(items[0].binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileName: `fax-${alice}.pdf`,
		});
		expect(emu.control.requests({ path: '/image$' }).map((r) => r.path)).toEqual([
			`/v1/outboundfaxes/${alice}/image`,
			`/v1/outboundfaxes/${bob}/image`,
		]);
		expect(searches(emu, 'outboundfaxes').every((r) => r.query.FaxUserId === '*')).toBe(true);
	});

	test('a fax sent with Delete After Send is gone before a poll can see its completion', async () => {
		const trigger = await watchFromNow(emu, COMPLETED);
		const kept = await sendOutbound(emu, 'alice');
		const deleted = await sendOutbound(emu, 'alice', '12125550000', { DeleteAfterSend: 'true' });
		emu.control.advance(60_000);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${kept}:sent`]);
		// The emulator's history has the completion; the search never shows it.
		expect(historyAfter(emu, 0, ['sent'])).toContain(`${deleted}:sent`);
	});
});

/**
 * CompleteTime is a fax's last update while it is not final, so a fax sending several pages comes
 * back with a new time at every page; that is not a change.
 */
describe('Fax Cloud Trigger: outbound status changes of a fax sending several pages', () => {
	/** A fax of `pages` text pages to a number whose last digits script it. */
	async function sendPages(pages: number, faxNumber = '12125550000') {
		const res = await sendFax(emu, SEED_USERS.alice, { FaxNumber: faxNumber }, textPages(pages));
		expect(res.status).toBe(201);
		return Number(res.json.FaxInfo[0].FaxId);
	}

	/** A trigger emitting sending and sent, its first poll (the baseline) done. */
	const watchSendingAndSent = (options = {}) =>
		watchFromNow(emu, { ...COMPLETED, statuses: ['sending', 'sent'], options });

	test('a fax sending 5 pages, polled at every page, is one sending event, then one sent', async () => {
		const trigger = await watchSendingAndSent();
		const faxId = await sendPages(5);
		const emitted: string[] = [];
		const completeTimes = new Set<string>();
		// Conversion 5 s, dial 2 s, then a page every 10 s after 10 s of handshake.
		for (let second = 0; second < 80; second += 10) {
			emu.control.advance(10 * SECOND);
			completeTimes.add(String(emu.control.outboundFax(faxId)?.CompleteTime));
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		// The record really was updated page by page while sending.
		expect(completeTimes.size).toBeGreaterThan(4);
		expect(emitted).toEqual([`${faxId}:sending`, `${faxId}:sent`]);
		expect(await trigger.pollItems()).toEqual([]);
	});

	test('sending, scheduled for a retry, sending again: each change once, whichever statuses are watched', async () => {
		const trigger = await watchSendingAndSent({ latenessMinutes: 1 });
		const skip = emu.control.outboundHistory().length;
		const faxId = await sendPages(3, BUSY_ONCE);
		// The first attempt dials at 7 s and is busy at 12 s: a poll at 8 s sees it sending.
		const emitted = await changesAfterSteps(emu, trigger, [
			8 * SECOND,
			...Array(40).fill(20 * SECOND),
		]);
		const changes = changesOf(faxId, 'sending sending sent');
		expect(historyAfter(emu, skip, ['sending', 'sent'])).toEqual(changes);
		expect(emitted).toEqual(changes);
		// A fax is forgotten once final: the state keeps only faxes still in flight.
		expect(trigger.staticData().statuses).toBeUndefined();
	});

	test('two changes between polls are seen as the latest only: sending, scheduled, sending is no change', async () => {
		const trigger = await watchSendingAndSent();
		const faxId = await sendPages(3, BUSY_ONCE);
		emu.control.advance(8 * SECOND);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sending`]);
		// Busy at 12 s, scheduled, dialled again 10 minutes later: the next poll sees sending.
		emu.control.advance(10 * MINUTE + 10 * SECOND);
		expect(emu.control.outboundFax(faxId)?.FaxStatus).toBe('sending');
		expect(await trigger.pollItems()).toEqual([]);
		emu.control.advance(MINUTE);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sent`]);
	});

	/** A five-page fax whose sending was emitted, then the state as the previous release stored it. */
	async function upgradedAfterSending() {
		const trigger = await watchSendingAndSent();
		const faxId = await sendPages(5);
		emu.control.advance(10 * SECOND);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sending`]);
		// The window and its keys, no statuses.
		const { statuses, ...previous } = trigger.staticData();
		expect(statuses).toBeDefined();
		trigger.setStaticData(previous);
		return { trigger, faxId };
	}

	test('a state stored before the status memory (version 2) does not repeat a sending it emitted', async () => {
		const { trigger, faxId } = await upgradedAfterSending();
		const emitted = await changesAfterSteps(emu, trigger, Array(6).fill(10 * SECOND));
		expect(emitted).toEqual([`${faxId}:sent`]);
	});

	test('a state stored before the status memory, whose first poll reads the fax’s next page, does not repeat its sending', async () => {
		const { trigger, faxId } = await upgradedAfterSending();
		// The first page goes out at 27 s: the first poll of the upgrade reads sending at a new time.
		const steps = [20 * SECOND, ...Array(5).fill(10 * SECOND)];
		expect(await changesAfterSteps(emu, trigger, steps)).toEqual([`${faxId}:sent`]);
	});
});

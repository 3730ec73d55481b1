import { NodeOperationError } from 'n8n-workflow';

import { SEND_FAX_STATUSES } from '../../../nodes/shared/faxStatuses';
import { historyAfter, searches, sorted, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import { watchFromNow, watchTrigger, useTriggerEmulator } from './triggerHelpers';

const emu = useTriggerEmulator();

/** Every status an outbound fax passes through: the trigger watches each change. */
const EVERY_CHANGE = { event: 'outboundFaxStatusChanged', statuses: [...SEND_FAX_STATUSES] };
const COMPLETED = { event: 'outboundFaxStatusChanged' };

describe('Fax Cloud Trigger: Outbound Fax Status Changed', () => {
	test('polled after every step, a fax is emitted once per status it goes through', async () => {
		const trigger = await watchFromNow(emu, EVERY_CHANGE);
		const faxId = await sendOutbound(emu, 'alice', '12125550000', {
			CoverPageEnabled: 'true',
		});
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
		expect(emitted).toEqual([
			`${faxId}:awaitingConversion`,
			`${faxId}:awaitingCoverpage`,
			`${faxId}:scheduled`,
			`${faxId}:sending`,
			`${faxId}:sent`,
		]);
		expect(emitted).toEqual(trigger.changesSinceStart());
	});

	test('a status a fax returns to (retry after busy) is a new change and emitted again', async () => {
		const trigger = await watchFromNow(emu, EVERY_CHANGE);
		// 0006: busy on the first attempt, sent on the second, RetryInterval 1 minute.
		const faxId = await sendOutbound(emu, 'alice', '12125550006', { RetryInterval: '1' });
		const emitted: string[] = [];
		for (const step of [0, 5_000, 2_000, 5_000, 60_000, 20_000, 60_000]) {
			emu.control.advance(step);
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		expect(emitted).toEqual(
			['awaitingConversion', 'scheduled', 'sending', 'scheduled', 'sending', 'sent'].map(
				(status) => `${faxId}:${status}`,
			),
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
		const doneBefore = await sendOutbound(emu, 'alice', '12125551041');
		// 1041 fails at its first dial (7 s); the other fax is sending then.
		emu.control.advance(10_000);
		const trigger = await watchFromNow(emu, COMPLETED);
		const numbers = ['12125550000', '12125551000', '12125550003', '12125550008', '12125551041'];
		const sent: number[] = [];
		for (const number of numbers) sent.push(await sendOutbound(emu, 'alice', number));
		emu.control.advance(2 * 60 * 60_000);

		const items = await trigger.pollItems();
		expect(sorted(statusChanges(items))).toEqual(
			sorted(trigger.changesSinceStart(['sent', 'sendFailed'])),
		);
		expect(sorted(items.map((item) => Number(item.json.FaxId)))).toEqual(
			sorted([inFlight, ...sent]),
		);
		expect(items.map((item) => item.json.FaxId)).not.toContain(doneBefore);
		const busy = items.find((item) => item.json.FaxId === sent[2])!.json;
		expect(busy).toMatchObject({
			FaxStatus: 'sendFailed',
			ErrorCode: 1003,
			ErrorText: 'Circuits Busy',
		});
		expect(await trigger.poll()).toBeNull();
		const last = searches(emu, 'outboundfaxes').at(-1)!;
		expect(last.query).toMatchObject({ SortColumn: 'dateTime', SortOrder: 'asc' });
		expect(last.query.DatetimeAfter).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
	});

	test('all users of the organization with a proxy login, and the image of the sent fax', async () => {
		const trigger = await watchFromNow(
			emu,
			{ ...COMPLETED, faxesOf: 'allUsers', attachImage: 'pdf' },
			{ user: 'acmeAdmin' },
		);
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

	test('an empty status list is refused before any request', async () => {
		const trigger = watchTrigger(emu, { ...COMPLETED, statuses: [] });
		const error = await trigger.poll().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toContain('"Statuses"');
		expect(emu.control.requests()).toHaveLength(0);
	});
});

import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { sendFax, textFile } from '../../harness/emulatorHttp';
import { SEED_USERS } from '../../harness/jest/emulator';
import { historyAfter, statusChanges } from '../../harness/jest/ground-truth';
import { SECOND, watchFromNow, useTriggerEmulator } from './triggerHelpers';

/**
 * Outbound Fax Status Changed: one event per change of FaxStatus. CompleteTime is a fax's last
 * update while it is not final, so a fax sending several pages comes back with a new time at
 * every page; that is not a change.
 */

const emu = useTriggerEmulator();

/** A fax of `pages` text pages (66 lines a page) to a number whose last digits script it. */
async function sendPages(emu: Emulator, pages: number, faxNumber = '12125550000') {
	const text = Array.from({ length: pages * 66 }, (_, i) => `line ${i + 1}`).join('\n');
	const res = await sendFax(emu, SEED_USERS.alice, { FaxNumber: faxNumber }, textFile(text));
	expect(res.status).toBe(201);
	return Number(res.json.FaxInfo[0].FaxId);
}

/** A trigger emitting sending and sent, its first poll (the baseline) done. */
const watchSendingAndSent = (emu: Emulator, options: IDataObject = {}) =>
	watchFromNow(emu, { event: 'outboundFaxStatusChanged', statuses: ['sending', 'sent'], options });

describe('Fax Cloud Trigger: outbound status changes', () => {
	test('a fax sending 5 pages, polled at every page, is one sending event, then one sent', async () => {
		const trigger = await watchSendingAndSent(emu);
		const faxId = await sendPages(emu, 5);
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
		const trigger = await watchSendingAndSent(emu, { latenessMinutes: 1 });
		const skip = emu.control.outboundHistory().length;
		// 0006: busy on the first attempt, sent on the second, RetryInterval minutes later.
		const faxId = await sendPages(emu, 3, '12125550006');
		// The first attempt dials at 7 s and is busy at 12 s: a poll at 8 s sees it sending.
		emu.control.advance(8 * SECOND);
		const emitted = statusChanges(await trigger.pollItems());
		for (let step = 0; step < 40; step++) {
			emu.control.advance(20 * SECOND);
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		expect(historyAfter(emu, skip, ['sending', 'sent'])).toEqual([
			`${faxId}:sending`,
			`${faxId}:sending`,
			`${faxId}:sent`,
		]);
		expect(emitted).toEqual([`${faxId}:sending`, `${faxId}:sending`, `${faxId}:sent`]);
		// A fax is forgotten once final: the state keeps only faxes still in flight.
		expect(trigger.staticData().statuses).toBeUndefined();
	});

	test('two changes between polls are seen as the latest only: sending, scheduled, sending is no change', async () => {
		const trigger = await watchSendingAndSent(emu);
		const faxId = await sendPages(emu, 3, '12125550006');
		emu.control.advance(8 * SECOND);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sending`]);
		// Busy at 12 s, scheduled, dialled again 10 minutes later: the next poll sees sending.
		emu.control.advance(10 * 60 * SECOND + 10 * SECOND);
		expect(emu.control.outboundFax(faxId)?.FaxStatus).toBe('sending');
		expect(await trigger.pollItems()).toEqual([]);
		emu.control.advance(60 * SECOND);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sent`]);
	});

	test('a state stored before the status memory (version 2) does not repeat a sending it emitted', async () => {
		const trigger = await watchSendingAndSent(emu);
		const faxId = await sendPages(emu, 5);
		emu.control.advance(10 * SECOND);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${faxId}:sending`]);
		// The state as the previous release stored it: the window and its keys, no statuses.
		const { statuses, ...previous } = trigger.staticData();
		expect(statuses).toBeDefined();
		trigger.setStaticData(previous);
		const emitted: string[] = [];
		for (let step = 0; step < 6; step++) {
			emu.control.advance(10 * SECOND);
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		expect(emitted).toEqual([`${faxId}:sent`]);
	});
});

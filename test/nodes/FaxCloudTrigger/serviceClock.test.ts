import type { INodeExecutionData } from 'n8n-workflow';

import { expectEachOnce, inboundIds } from '../../harness/jest/ground-truth';
import { logOf, MINUTE, watchFromNow, useTriggerEmulator, receive } from './triggerHelpers';

/**
 * The service's clock (the Date header) is a hint: one front end's clock can be an hour ahead.
 * The window must never move past records not on the service yet because of one such answer.
 */

const emu = useTriggerEmulator();
const HOUR = 60 * MINUTE;
const CLOCK_WARNING = /the service's clock \(Date header .*\) is \d+ minutes ahead/g;

describe('Fax Cloud Trigger: a Date header far ahead', () => {
	test('one poll answered an hour ahead, then faxes all through the next minutes: each emitted once, one warning', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		emu.control.advance(MINUTE);
		emu.control.setDateHeaderOffset(HOUR, 1);
		const polls: INodeExecutionData[][] = [];
		const log = await logOf(async () => {
			polls.push(await trigger.pollItems());
			for (let minute = 0; minute < 6; minute++) {
				emu.control.advance(MINUTE);
				receive(emu, 2);
				polls.push(await trigger.pollItems());
			}
		});
		expectEachOnce(polls.flatMap(inboundIds), trigger.inboundSinceStart());
		expect(polls.slice(1).every((items) => items.length === 2)).toBe(true);
		expect(log.match(CLOCK_WARNING)).toHaveLength(1);
	});

	test('every answer an hour ahead for several polls (a front end whose clock is wrong): each fax once, the warning once', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		emu.control.setDateHeaderOffset(HOUR);
		const emitted: number[] = [];
		const log = await logOf(async () => {
			for (let minute = 0; minute < 8; minute++) {
				emu.control.advance(MINUTE);
				receive(emu, 1, { at: emu.control.now() });
				emitted.push(...inboundIds(await trigger.pollItems()));
			}
			emu.control.setDateHeaderOffset(0);
			emu.control.advance(MINUTE);
			receive(emu);
			emitted.push(...inboundIds(await trigger.pollItems()));
		});
		expect(emitted).toHaveLength(9);
		expectEachOnce(emitted, trigger.inboundSinceStart());
		expect(log.match(CLOCK_WARNING)).toHaveLength(1);
	});
});

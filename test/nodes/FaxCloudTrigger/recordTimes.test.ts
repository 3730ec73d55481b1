import type { IDataObject } from 'n8n-workflow';

import { useScriptedServers } from '../../harness/jest/scripted-server';
import { inboundIds } from '../../harness/jest/ground-truth';
import { inboundWireRecord, logOf, scriptedInbound, type ScriptedInbound } from './triggerHelpers';

/**
 * Record times the datetime format allows, read from answers that disagree: the same record at
 * minute and at second precision, and a time without a zone (the format requires one; older
 * interfaces answer in US Eastern time).
 */

const scripted = useScriptedServers();

/**
 * Runs `check` on a trigger watching a scripted service, once its baseline poll is done and the
 * service's clock says 09:06; the service is closed afterwards.
 */
async function afterBaseline(
	check: (trigger: ScriptedInbound['trigger'], answer: ScriptedInbound['answer']) => Promise<void>,
): Promise<void> {
	const { trigger, answer } = await scriptedInbound(scripted);
	expect(await trigger.poll()).toBeNull();
	answer.date = 'Mon, 05 Jan 2026 09:06:00 GMT';
	await check(trigger, answer);
}

describe('Fax Cloud Trigger: one record at two precisions', () => {
	test.each([
		['2026-01-05T09:05Z', '2026-01-05T09:05:27Z'],
		['2026-01-05T09:05:27Z', '2026-01-05T09:05Z'],
	])('read as %s, then as %s: one event', async (first, second) => {
		await afterBaseline(async (trigger, answer) => {
			answer.records = [inboundWireRecord(7, first)];
			expect(inboundIds(await trigger.pollItems())).toEqual([7]);
			answer.date = 'Mon, 05 Jan 2026 09:07:00 GMT';
			answer.records = [inboundWireRecord(7, second)];
			expect(await trigger.pollItems()).toEqual([]);
		});
	});
});

describe('Fax Cloud Trigger: a record time without a zone', () => {
	test('a time that read as UTC lies before the window (US Eastern wall clock) is emitted once and named in the log', async () => {
		await afterBaseline(async (trigger, answer) => {
			// 09:05Z written on a New York wall clock, without a zone: as UTC it is 04:05Z, hours
			// before the window (08:50Z); the service returned it for DatetimeAfter 08:50Z.
			answer.records = [inboundWireRecord(8, '2026-01-05T04:05:00')];
			let emitted: number[] = [];
			const log = await logOf(async () => {
				emitted = inboundIds(await trigger.pollItems());
			});
			expect(emitted).toEqual([8]);
			expect(log).toMatch(/inbound fax 8 .*ReceivedTime.*2026-01-05T04:05:00.*no time zone/i);
			// The service returns it again while its own time is in the window: not emitted again.
			for (const minute of ['07', '12', '15']) {
				answer.date = `Mon, 05 Jan 2026 09:${minute}:00 GMT`;
				expect(await trigger.pollItems()).toEqual([]);
			}
		});
	});

	test('a time without a zone inside the window is read as UTC and named in the log', async () => {
		await afterBaseline(async (trigger, answer) => {
			answer.records = [inboundWireRecord(9, '2026-01-05T09:05:00')];
			let items: IDataObject[] = [];
			const log = await logOf(async () => {
				items = (await trigger.pollItems()).map((item) => item.json);
			});
			expect(items.map((fax) => [fax.FaxId, fax.ReceivedTime])).toEqual([
				[9, '2026-01-05T09:05:00.000Z'],
			]);
			expect(log).toMatch(/inbound fax 9 .*no time zone.*UTC/i);
		});
	});
});

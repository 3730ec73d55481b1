import { inboundIds, stateAccount, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	watchFromNow,
	watchTrigger,
	watchTriggers,
	useTriggerEmulator,
	receive,
} from './triggerHelpers';

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: the state kept between polls', () => {
	test('stays bounded after many polls: only the keys of the last window are kept', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax', markAsRetrieved: true });
		const emitted: number[] = [];
		const sizes: number[] = [];
		const keyCounts: number[] = [];
		for (let poll = 0; poll < 300; poll++) {
			emu.control.advance(30_000);
			receive(emu, 2);
			emitted.push(...inboundIds(await trigger.pollItems()));
			const state = trigger.staticData();
			sizes.push(JSON.stringify(state).length);
			keyCounts.push(Object.values(state.seen as object).flat().length);
		}
		expect(emitted).toEqual(trigger.inboundSinceStart());
		expect(emitted).toHaveLength(600);
		// A window reaches back the lateness allowance (10 minutes) and the minute it starts in: at
		// most 23 polls of two faxes, whatever the history.
		expect(Math.max(...keyCounts)).toBeLessThanOrEqual(46);
		expect(Math.max(...keyCounts.slice(200))).toBe(Math.max(...keyCounts.slice(0, 40)));
		expect(Math.max(...sizes)).toBeLessThan(1_600);
	});

	test('inbound and outbound faxes with the same FaxId are different events', async () => {
		const triggers = watchTriggers(emu, {
			Received: { event: 'newInboundFax' },
			Sent: { event: 'outboundFaxStatusChanged', statuses: ['awaitingConversion', 'sent'] },
		});
		await triggers.Received.poll();
		await triggers.Sent.poll();
		const [inbound] = receive(emu);
		const outbound = await sendOutbound(emu, 'alice');
		expect(Number(inbound.FaxId)).toBe(outbound);

		expect(inboundIds(await triggers.Received.pollItems())).toEqual([outbound]);
		expect(statusChanges(await triggers.Sent.pollItems())).toEqual([
			`${outbound}:awaitingConversion`,
		]);
		emu.control.advance(60_000);
		expect(statusChanges(await triggers.Sent.pollItems())).toEqual([`${outbound}:sent`]);
		expect(await triggers.Received.poll()).toBeNull();
		expect(Object.values(triggers.Received.staticData().seen as object).flat()).toEqual([
			`in:${outbound}`,
		]);
		expect(Object.values(triggers.Sent.staticData().seen as object).flat()).toEqual([
			`out:${outbound}:awaitingConversion`,
			`out:${outbound}:sent`,
		]);
	});

	test.each([
		['a state of another layout', { lastTimeChecked: 1767603600 }],
		['a damaged cursor', { version: 1, watching: 'newInboundFax:', cursor: 'soon', seen: {} }],
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
		const trigger = await watchFromNow(emu, { event: 'newInboundFax', markAsRetrieved: true });
		receive(emu);
		await sendOutbound(emu, 'alice');
		emu.control.advance(60_000);
		trigger.setParameters({ event: 'outboundFaxStatusChanged' });
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toMatchObject({
			watching: 'outboundFaxStatusChanged:',
			windowStart: '2026-01-05T08:51:00.000Z',
			seen: { '2026-01-05T09:00:27.000Z': ['out:1:sent'] },
		});
		expect(trigger.staticData().marks).toBeUndefined();
		const next = await sendOutbound(emu, 'alice');
		emu.control.advance(60_000);
		expect(statusChanges(await trigger.pollItems())).toEqual([`${next}:sent`]);
	});
});

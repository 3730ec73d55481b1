import { SecretWatch } from '../../harness/jest/fault-helpers';
import { SEED_USERS } from '../../harness/jest/emulator';
import { waitUntil } from '../../harness/waitUntil';
import { inboundIds, searches, sorted, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import { watchTriggers, useTriggerEmulator, receive, faxIds, watchInbound } from './triggerHelpers';

/**
 * n8n starts a poll for each Poll Times entry on its own schedule and does not wait for one still
 * running: two entries that coincide (every 15 minutes and every hour), or a poll longer than its
 * interval, run two polls of one trigger side by side over the same stored state.
 */

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: two polls of one trigger at once', () => {
	test('two polls started together emit each fax once in total; the second ends at once and says so in the log', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(60_000);
		receive(emu, 5);
		const before = searches(emu, 'inboundfaxes').length;

		const watch = new SecretWatch([SEED_USERS.alice.password]);
		watch.startCapture();
		let results;
		try {
			results = await Promise.all([trigger.pollItems(), trigger.pollItems()]);
		} finally {
			watch.stopCapture();
		}

		const emitted = results.flatMap(inboundIds);
		expect(sorted(emitted)).toEqual(sorted(trigger.inboundSinceStart()));
		expect(emitted).toHaveLength(5);
		expect(results.map((items) => items.length)).toEqual([5, 0]);
		// The second poll sent no request of its own.
		expect(searches(emu, 'inboundfaxes').length - before).toBe(1);
		expect(
			watch.logLines.filter((line) => line.includes('the previous poll is still running')),
		).toHaveLength(1);
		expect(await trigger.poll()).toBeNull();
	});

	test('a poll that starts while a slow one still reads ends without events; the next poll catches up', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(60_000);
		const first = receive(emu, 3);
		emu.control.addFault({
			method: 'GET',
			path: '^/v1/inboundfaxes$',
			kind: 'delay',
			delayMs: 300,
			count: 1,
		});

		const before = searches(emu, 'inboundfaxes').length;
		const slow = trigger.pollItems();
		// The later poll starts once the service has answered the slow one's search, held back.
		const processed = () => Boolean(searches(emu, 'inboundfaxes')[before]?.processed);
		await waitUntil("the service's answer to the slow search, held back", processed, 5_000, 1);
		expect(await trigger.poll()).toBeNull();
		const late = receive(emu, 2);
		expect(inboundIds(await slow)).toEqual(faxIds(first));
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(late));
		expect(await trigger.poll()).toBeNull();
	});

	test('a poll that fails releases the trigger: the next poll runs and emits every fax once', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(60_000);
		receive(emu, 4);
		emu.control.addFault({ method: 'GET', path: '^/v1/inboundfaxes$', kind: 'http500', count: 3 });

		await expect(trigger.poll()).rejects.toThrow();
		expect(sorted(inboundIds(await trigger.pollItems()))).toEqual(
			sorted(trigger.inboundSinceStart()),
		);
	});

	test('two triggers of one workflow poll side by side: each emits its own events', async () => {
		const triggers = watchTriggers(emu, {
			Received: { event: 'newInboundFax' },
			Sent: { event: 'outboundFaxStatusChanged', statuses: ['awaitingConversion'] },
		});
		await Promise.all([triggers.Received.poll(), triggers.Sent.poll()]);
		const [inbound] = receive(emu);
		const outbound = await sendOutbound(emu, 'alice');

		const [received, sent] = await Promise.all([
			triggers.Received.pollItems(),
			triggers.Sent.pollItems(),
		]);
		expect(inboundIds(received)).toEqual([Number(inbound.FaxId)]);
		expect(statusChanges(sent)).toEqual([`${outbound}:awaitingConversion`]);
	});
});

// Fetch Test Event: the trigger in manual mode shows the most recent event and stores nothing.
import { credentialsFor } from '../../harness/jest/emulator';
import type { PolledTrigger } from '../../harness/jest/poll';
import { runNode } from '../../harness/jest/run-node';
import { expectSecretHidden } from '../../harness/jest/fax-cloud-node';
import { searches } from '../../harness/jest/ground-truth';
import { editFax, sendOutbound, triggerNode } from '../../harness/jest/trigger-kit';
import { watchTrigger, useTriggerEmulator, receive } from './triggerHelpers';

const emu = useTriggerEmulator();
const OUTBOUND = { event: 'outboundFaxStatusChanged' };
const ADMIN = { user: 'acmeAdmin' } as const;

const testEventIds = async (trigger: PolledTrigger) =>
	(await trigger.pollItems('manual')).map((item) => item.json.FaxId);

describe('Fax Cloud Trigger: Fetch Test Event (manual mode)', () => {
	test('returns the most recent fax with its image, marks nothing and stores nothing', async () => {
		receive(emu, 2, { at: '2026-01-05T08:00:00Z' });
		const [newest] = receive(emu, 1, { at: '2026-01-05T08:30:00Z' });
		emu.control.injectInbound({ userId: 'bob@acme' });
		const parameters = { event: 'newInboundFax', markAsRetrieved: true, attachImage: 'tif' };
		const trigger = watchTrigger(emu, parameters);

		const items = await trigger.pollItems('manual');
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ FaxId: Number(newest.FaxId), Mark: false });
		expect(items[0].binary?.data.mimeType).toBe('image/tiff');
		expect(trigger.staticData()).toEqual({});
		expect(emu.control.requests({ method: 'PUT' })).toHaveLength(0);
		const newestFirst = { SortColumn: 'dateTime', SortOrder: 'desc' };
		expect(searches(emu, 'inboundfaxes')[0].query).toMatchObject(newestFirst);

		// Activating afterwards is still a first activation: nothing from the past.
		expect(await trigger.poll()).toBeNull();
		expect(await trigger.poll()).toBeNull();
	});

	test('for status changes, the most recent fax whose status is one of the chosen ones', async () => {
		const sent = await sendOutbound(emu, 'alice', '12125550000');
		emu.control.advance(60_000);
		const failed = await sendOutbound(emu, 'alice', '12125551000');
		emu.control.advance(60_000);
		await sendOutbound(emu, 'alice', '12125550000');
		const trigger = watchTrigger(emu, OUTBOUND);
		expect(await testEventIds(trigger)).toEqual([failed]);

		trigger.setParameters({ ...OUTBOUND, statuses: ['sent'] });
		expect(await testEventIds(trigger)).toEqual([sent]);
		const { query } = searches(emu, 'outboundfaxes').at(-1)!;
		expect(query).toMatchObject({ FaxStatus: 'sent', SortOrder: 'desc' });
		expect(trigger.staticData()).toEqual({});
	});

	test('says whose faxes are watched and whose came back, for outbound All Users (FaxUserId=*) too', async () => {
		const alice = await sendOutbound(emu, 'alice');
		emu.control.advance(60_000);
		const bob = await sendOutbound(emu, 'bob');
		emu.control.advance(60_000);
		const all = watchTrigger(emu, { ...OUTBOUND, faxesOf: 'allUsers' }, ADMIN);
		const [item] = await all.pollItems('manual');
		expect(item.json).toMatchObject({
			FaxId: bob,
			watchedFaxes: {
				watching: expect.stringContaining('every user of the login’s organization (FaxUserId=*'),
				login: 'admin@acme',
				ownersInSearch: ['alice@acme', 'bob@acme'],
			},
		});
		expect(searches(emu, 'outboundfaxes').at(-1)!.query.FaxUserId).toBe('*');

		// A login without the proxy privilege: the service ignores FaxUserId, and the test event shows it.
		const notProxy = watchTrigger(emu, { ...OUTBOUND, faxesOf: 'allUsers' });
		expect((await notProxy.pollItems('manual'))[0].json).toMatchObject({
			FaxId: alice,
			watchedFaxes: { login: 'alice@acme', ownersInSearch: ['alice@acme'] },
		});

		const bobs = { event: 'newInboundFax', faxesOf: 'oneUser', faxUserId: 'bob@acme' };
		const one = watchTrigger(emu, bobs, ADMIN);
		emu.control.injectInbound({ userId: 'bob@acme' });
		expect((await one.pollItems('manual'))[0].json.watchedFaxes).toEqual({
			watching: 'the faxes of bob@acme (FaxUserId=bob@acme; needs a proxy login)',
			login: 'admin@acme',
			ownersInSearch: ['bob@acme'],
		});
		const own = watchTrigger(emu, { event: 'newInboundFax' }, { user: 'bob' });
		expect((await own.pollItems('manual'))[0].json.watchedFaxes).toEqual({
			watching: 'the faxes of the credential’s login (no FaxUserId sent)',
			login: 'bob@acme',
			ownersInSearch: ['bob@acme'],
		});
		for (const trigger of [all, notProxy, one, own]) expect(trigger.staticData()).toEqual({});
	});

	test('the most recent event by its own time, not the most recently modified record', async () => {
		const [older, newer] = [
			...receive(emu, 1, { at: '2026-01-05T08:00:00Z' }),
			...receive(emu, 1, { at: '2026-01-05T08:30:00Z' }),
		];
		await editFax(emu, `inboundfaxes/${older.FaxId}`, { ProjectCode: 'A-1' });
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		expect(await testEventIds(trigger)).toEqual([Number(newer.FaxId)]);
	});

	test('with nothing to show it returns no data', async () => {
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		expect(await trigger.poll('manual')).toBeNull();
	});

	test('in the editor (n8n’s engine, manual mode) the test event arrives and errors are shown', async () => {
		const [fax] = receive(emu);
		const inbound = { node: triggerNode, parameters: { event: 'newInboundFax' } };
		const ok = await runNode({ ...inbound, credentials: credentialsFor(emu, 'alice') });
		expect(ok.error).toBeUndefined();
		expect(ok.items.map((item) => item.json.FaxId)).toEqual([Number(fax.FaxId)]);

		const password = 'not-the-Password-7';
		const credentials = credentialsFor(emu, 'alice');
		credentials.faxCloudApi!.password = password;
		const failed = await runNode({ ...inbound, credentials });
		expect(failed.error).toMatchObject({ name: 'NodeApiError', httpCode: '401' });
		expect(failed.error?.message).toMatch(/Authorization failed \(HTTP 401\)/);
		expectSecretHidden(failed.error, password);
	});
});

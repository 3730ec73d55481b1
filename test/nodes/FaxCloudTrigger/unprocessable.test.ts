import { SecretWatch } from '../../harness/jest/fault-helpers';
import { useScriptedServers } from '../../harness/jest/scripted-server';
import { inboundIds } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	inboundWireRecord,
	scriptedInbound,
	watchFromNow,
	useTriggerEmulator,
	receive,
	faxIds,
} from './triggerHelpers';

/**
 * One record the trigger cannot process completely (an image that cannot be downloaded, a time
 * that cannot be read) is emitted once with what went wrong; it never holds back the others.
 */

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: an image that cannot be downloaded', () => {
	test('each bad image is one event with imageError, the faxes after it come in the same poll, never again', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax', attachImage: 'pdf' });
		const faxes = receive(emu, 5);
		const [, missing, broken, empty] = faxes.map((fax) => fax.FaxId);
		emu.control.setImageFault('inbound', missing, 'notFound');
		emu.control.setImageFault('inbound', broken, 'serverError');
		emu.control.setImageFault('inbound', empty, 'empty');
		emu.control.advance(60_000);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		const byId = new Map(items.map((item) => [String(item.json.FaxId), item]));
		for (const good of [faxes[0].FaxId, faxes[4].FaxId]) {
			expect(byId.get(good)!.binary?.data?.mimeType).toBe('application/pdf');
			expect(byId.get(good)!.json.imageError).toBeUndefined();
		}
		for (const bad of [missing, broken, empty]) expect(byId.get(bad)!.binary).toBeUndefined();
		expect(byId.get(missing)!.json.imageError).toMatch(/HTTP 404/);
		expect(byId.get(broken)!.json.imageError).toMatch(/HTTP 500/);
		expect(byId.get(empty)!.json.imageError).toMatch(/empty/);
		// Each was tried again within the poll, a bounded number of times: a lasting 5xx three
		// times in a row, twice; a 404 twice.
		const tries = (faxId: string) =>
			emu.control.requests({ api: 'fax', path: `^/v1/inboundfaxes/${faxId}/image$` }).length;
		expect(tries(broken)).toBe(6);
		expect(tries(missing)).toBe(2);

		expect(await trigger.pollItems()).toEqual([]);
		const later = receive(emu, 1);
		emu.control.advance(60_000);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(later[0].FaxId)]);
		emu.control.advance(30 * 60_000);
		expect(await trigger.pollItems()).toEqual([]);
	});

	test('Mark as Retrieved leaves a fax emitted without its image unmarked, for a "Mark = false" sweep', async () => {
		const trigger = await watchFromNow(emu, {
			event: 'newInboundFax',
			attachImage: 'pdf',
			markAsRetrieved: true,
		});
		const faxes = receive(emu, 3);
		const [good, missing, alsoGood] = faxes.map((fax) => fax.FaxId);
		emu.control.setImageFault('inbound', missing, 'notFound');
		emu.control.advance(60_000);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		const marked = emu.control
			.requests({ api: 'fax', method: 'PUT', path: '^/v1/inboundfaxes/' })
			.map((request) => request.path.split('/')[3]);
		expect(marked.sort()).toEqual([good, alsoGood].sort());
		expect(items.find((item) => item.json.FaxId === Number(missing))!.json.Mark).not.toBe(true);
	});

	test('an outbound completion whose image fails is emitted with imageError as well', async () => {
		const trigger = await watchFromNow(
			emu,
			{ event: 'outboundFaxStatusChanged', attachImage: 'tif' },
			{ typeVersion: 2 },
		);
		const first = await sendOutbound(emu, 'alice');
		const second = await sendOutbound(emu, 'alice');
		emu.control.setImageFault('outbound', first, 'notFound');
		emu.control.advance(5 * 60_000);
		const items = await trigger.pollItems();
		expect(items.map((item) => Number(item.json.faxId ?? item.json.FaxId))).toEqual([
			first,
			second,
		]);
		expect(items[0].json.imageError).toMatch(/HTTP 404/);
		expect(items[1].binary?.data?.mimeType).toBe('image/tiff');
		expect(await trigger.pollItems()).toEqual([]);
	});
});

describe('Fax Cloud Trigger: a record whose time cannot be read', () => {
	const scripted = useScriptedServers();

	test('is emitted once and named in n8n’s log; the records around it are emitted', async () => {
		const { credentials, trigger, answer } = await scriptedInbound(scripted);
		const watch = SecretWatch.forCredentials(credentials);
		try {
			expect(await trigger.poll()).toBeNull();

			answer.records = [
				inboundWireRecord(7, '2026-01-05T09:05:00Z'),
				inboundWireRecord(8, 'yesterday noon'),
				inboundWireRecord(9, '2026-01-05T09:06:00Z'),
			];
			// The service's own time of each record, which DatetimeAfter filters by; fax 8 shows none.
			answer.serviceTimes = [
				'2026-01-05T09:05:00Z',
				'2026-01-05T09:07:00Z',
				'2026-01-05T09:06:00Z',
			];
			answer.date = 'Mon, 05 Jan 2026 09:10:00 GMT';
			watch.startCapture();
			const items = await trigger.pollItems();
			watch.release();
			expect(inboundIds(items).sort()).toEqual([7, 8, 9]);
			const warnings = watch.logLines.filter((line) => line.includes('inbound fax 8'));
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toMatch(/"level":"warn"/);
			expect(warnings[0]).toMatch(/ReceivedTime/);

			// The service returns it while the window holds its own time: it is not emitted again.
			for (const minute of ['11', '14', '19', '25', '40']) {
				answer.date = `Mon, 05 Jan 2026 09:${minute}:00 GMT`;
				expect(await trigger.pollItems()).toEqual([]);
			}
		} finally {
			watch.release();
		}
	});
});

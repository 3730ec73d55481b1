import { sendJson, useScriptedServers } from '../../harness/jest/scripted-server';
import { expectEachOnce, inboundIds } from '../../harness/jest/ground-truth';
import {
	backlogOverAnHour,
	drain,
	inboundWireRecord,
	watchFromNow,
	watchScripted,
	useTriggerEmulator,
} from './triggerHelpers';

/**
 * A service whose ResultsReference is a session cursor: the same key on every page of a search.
 * The description never says each page gets a new key, so the trigger pages on until the service
 * says there is no more, and stops only when pages bring nothing new.
 */

const scripted = useScriptedServers();

const emu = useTriggerEmulator({ pagingKeys: 'session' });

describe('Fax Cloud Trigger: a session-cursor ResultsReference', () => {
	test('800 new faxes in one poll are 800 events, each once', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		backlogOverAnHour(emu, 'inbound', 800);

		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expect(emitted).toHaveLength(800);
		expectEachOnce(emitted, trigger.inboundSinceStart());
		// The pages really came with one key.
		const keys = emu.control
			.requests({ api: 'fax', method: 'GET', path: '^/v1/inboundfaxes$' })
			.map((request) => request.query.GetNextResults)
			.filter(Boolean);
		expect(keys.length).toBeGreaterThan(1);
		expect(new Set(keys).size).toBe(1);
	});
});

describe('Fax Cloud Trigger: a service that answers the same page for ever', () => {
	test('the poll fails with a clear error and keeps its window; the next good answer emits each fax once', async () => {
		let mode: 'empty' | 'stuck' | 'fine' = 'empty';
		const records = [
			inboundWireRecord(7, '2026-01-05T09:05:00Z'),
			inboundWireRecord(8, '2026-01-05T09:06:00Z'),
		];
		const server = await scripted((request, _count, res) => {
			res.setHeader('Date', 'Mon, 05 Jan 2026 09:10:00 GMT');
			const ok = { RequestStatus: { StatusCode: 0, StatusText: 'OK' } };
			if (!request.url.startsWith('/v1/inboundfaxes')) return sendJson(res, 404, {});
			if (mode === 'empty') return sendJson(res, 200, { ...ok, HasMoreResults: 'false' });
			if (mode === 'fine') {
				return sendJson(res, 200, { ...ok, FaxInfo: records, HasMoreResults: 'false' });
			}
			sendJson(res, 200, {
				...ok,
				FaxInfo: records,
				HasMoreResults: 'true',
				ResultsReference: 'SESSION-1',
			});
		});
		const trigger = watchScripted(server.url);
		expect(await trigger.poll()).toBeNull();
		const before = trigger.staticData();

		mode = 'stuck';
		await expect(trigger.poll()).rejects.toThrow(/same page|no new record/i);
		expect(trigger.staticData()).toEqual(before);
		// It gave up after a few pages, not after the poll's whole budget.
		const stuckPages = server.received.filter((r) => r.url.includes('GetNextResults'));
		expect(stuckPages.length).toBeLessThanOrEqual(5);

		mode = 'fine';
		expect(inboundIds(await trigger.pollItems())).toEqual([7, 8]);
		expect(await trigger.pollItems()).toEqual([]);
	});
});

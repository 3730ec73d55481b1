import { useScriptedServers } from '../../harness/jest/scripted-server';
import { inboundWireRecord, scriptedInbound } from './triggerHelpers';

/**
 * The FaxId and time read while paging and the record normalised for the event must agree, for
 * every form of datetime and number the service may send.
 */

const scripted = useScriptedServers();

test('datetimes without a zone, with an offset or a space, and FaxIds with leading zeros: each fax once, in event order, keyed as its emitted record reads', async () => {
	const { trigger, answer } = await scriptedInbound(scripted);
	expect(await trigger.poll()).toBeNull();

	answer.records = [
		inboundWireRecord(7, '2026-01-05 09:05'),
		{ ...inboundWireRecord(9, '2026-01-05T11:06:30+02:00'), FaxId: ' 009' },
		{ ...inboundWireRecord(12, '2026-01-05T09:04:10.5Z'), FaxId: '012' },
		inboundWireRecord(13, '2026-01-05T04:05:00-0500'),
	];
	answer.date = 'Mon, 05 Jan 2026 09:10:00 GMT';
	const items = await trigger.pollItems();
	expect(items.map((item) => [item.json.FaxId, item.json.ReceivedTime])).toEqual([
		[12, '2026-01-05T09:04:10.500Z'],
		[7, '2026-01-05T09:05:00.000Z'],
		[13, '2026-01-05T09:05:00.000Z'],
		[9, '2026-01-05T09:06:30.000Z'],
	]);
	// Fax 7's time has no zone: its key is kept until the window passes the service's clock
	// when it was read (09:10), however the service itself reads that time.
	expect(trigger.staticData().seen).toEqual({
		'2026-01-05T09:04:10.500Z': ['in:12'],
		'2026-01-05T09:05:00.000Z': ['in:13'],
		'2026-01-05T09:06:30.000Z': ['in:9'],
		'2026-01-05T09:10:00.000Z': ['in:7'],
	});

	// Read again while the window holds them: not emitted again.
	for (const minute of ['11', '13', '14']) {
		answer.date = `Mon, 05 Jan 2026 09:${minute}:00 GMT`;
		expect(await trigger.pollItems()).toEqual([]);
	}
});

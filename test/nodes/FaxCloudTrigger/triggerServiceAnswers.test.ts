// What the service may answer and the trigger must still read right: a clock far ahead, times at
// minute precision or without a zone, other forms of numbers and datetimes, odd paging keys.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { sendJson, useScriptedServers } from '../../harness/jest/scripted-server';
import {
	expectEachOnce,
	inboundIds,
	searches,
	statusChanges,
} from '../../harness/jest/ground-truth';
import { sendOutbound, triggerOnScriptedService } from '../../harness/jest/trigger-kit';
import {
	backlogOverAnHour,
	changesAfterSteps,
	drain,
	hostClockFollows,
	MINUTE,
	receive,
	seenKeys,
	useTriggerEmulator,
	watchFromNow,
	watchInbound,
	withLog,
} from './triggerHelpers';

const emu = useTriggerEmulator();
const scripted = useScriptedServers();

/** An inbound fax as the service writes it (strings). */
const inboundWireRecord = (faxId: number, time: string): IDataObject => ({
	FaxId: String(faxId),
	FaxUserId: 'alice@acme',
	FaxStatus: 'recvOk',
	ReceivedTime: time,
	CreateTime: time,
	PagesReceived: '1',
	CallerNumber: '12125550000',
	DestFaxNumber: '12125550101',
	Mark: 'false',
});

/**
 * alice's New Inbound Fax trigger on a scripted interface A answering `answer.records` (those with
 * a `serviceTimes` entry only from DatetimeAfter), dated `answer.date`, paged by `answer.reference`.
 */
async function scriptedInbound() {
	const answer = {
		records: [] as IDataObject[],
		serviceTimes: [] as string[],
		date: 'Mon, 05 Jan 2026 09:00:00 GMT',
		reference: undefined as string | undefined,
	};
	const server = await scripted((request, _count, res) => {
		res.setHeader('Date', answer.date);
		if (!request.url.startsWith('/v1/inboundfaxes')) return sendJson(res, 404, {});
		const after = new URL(request.url, 'http://service').searchParams.get('DatetimeAfter');
		const shown = (index: number) =>
			!after ||
			!answer.serviceTimes[index] ||
			Date.parse(answer.serviceTimes[index]) >= Date.parse(after);
		const found = answer.records.filter((_, index) => shown(index));
		sendJson(res, 200, {
			RequestStatus: { StatusCode: 0, StatusText: 'OK' },
			...(found.length > 0 ? { FaxInfo: found } : {}),
			HasMoreResults: answer.reference ? 'true' : 'false',
			...(answer.reference ? { ResultsReference: answer.reference } : {}),
		});
	});
	const parameters = { event: 'newInboundFax' };
	const trigger = triggerOnScriptedService(server.url, parameters);
	return { trigger, answer, received: server.received };
}

/** The scripted service's clock reads `time` (`09:10`) on 5 January 2026 in its next answers. */
const scriptedDate = (time: string) => `Mon, 05 Jan 2026 ${time}:00 GMT`;

/** Polls while the scripted service's clock reads each of `times`: none emits anything. */
async function expectNothingAgain(
	{ trigger, answer }: Awaited<ReturnType<typeof scriptedInbound>>,
	times: string[],
) {
	for (const time of times) {
		answer.date = scriptedDate(time);
		expect(await trigger.pollItems()).toEqual([]);
	}
}

/** One answer of a scripted interface A: its Date header, records and paging key. */
interface ScriptedAnswer {
	date: string;
	records: IDataObject[];
	reference?: string;
}

/** A trigger of `parameters` on a scripted interface A that answers with `answers`, in turn. */
async function scriptedTrigger(
	parameters: IDataObject,
	answers: Array<(url: URL) => ScriptedAnswer>,
) {
	const server = await scripted((request, _count, res) => {
		const { date, records, reference } = answers.shift()!(new URL(request.url, 'http://service'));
		res.setHeader('Date', date);
		sendJson(res, 200, {
			RequestStatus: { StatusCode: 0, StatusText: 'OK' },
			...(records.length > 0 ? { FaxInfo: records } : {}),
			HasMoreResults: reference ? 'true' : 'false',
			...(reference ? { ResultsReference: reference } : {}),
		});
	});
	return triggerOnScriptedService(server.url, parameters);
}

/** The records whose `field` is at or after the search's DatetimeAfter, as the service filters. */
const fromDatetimeAfter = (url: URL, records: IDataObject[], field: string) => {
	const after = url.searchParams.get('DatetimeAfter');
	return records.filter(
		(record) => !after || Date.parse(String(record[field])) >= Date.parse(after),
	);
};

// The Date header is a hint (a front end's clock can be an hour ahead): the window must never
// move past records not on the service yet because of one such answer.
describe('Fax Cloud Trigger: a Date header far ahead', () => {
	const HOUR = 60 * MINUTE;
	const CLOCK_WARNING = /the service's clock \(Date header .*\) is \d+ minutes ahead/g;

	test('one poll answered an hour ahead, then faxes all through the next minutes: each emitted once, one warning', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(MINUTE);
		emu.control.setDateHeaderOffset(HOUR, 1);
		const polls: INodeExecutionData[][] = [];
		const [, log] = await withLog(async () => {
			polls.push(await trigger.pollItems());
			for (let minute = 0; minute < 6; minute++) {
				emu.control.advance(MINUTE);
				receive(emu, 2);
				polls.push(await trigger.pollItems());
			}
		});
		expectEachOnce(polls.flatMap(inboundIds), trigger.inboundSinceStart());
		expect(polls.slice(1).every((items) => items.length === 2)).toBe(true);
		expect(log.join('\n').match(CLOCK_WARNING)).toHaveLength(1);
	});

	test('every answer an hour ahead for several polls (a front end whose clock is wrong): each fax once, the warning once', async () => {
		const trigger = await watchInbound(emu);
		emu.control.setDateHeaderOffset(HOUR);
		const emitted: number[] = [];
		const [, log] = await withLog(async () => {
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
		expect(log.join('\n').match(CLOCK_WARNING)).toHaveLength(1);
	});

	test('the n8n host’s clock set back while the records confirm the service’s: no warning, the window follows the service', async () => {
		const trigger = await watchInbound(emu);
		// The host's clock steps back 5 minutes (an NTP correction) as the service's moves on.
		hostClockFollows(emu, () => -5 * MINUTE);
		emu.control.advance(5 * MINUTE);
		const faxes = receive(emu, 2);
		const [items, log] = await withLog(() => trigger.pollItems());
		expect(inboundIds(items)).toEqual(faxes.map((fax) => Number(fax.FaxId)));
		expect(log.join('\n')).not.toMatch(CLOCK_WARNING);
		// The allowance before the service's clock, which the faxes just received support.
		expect(trigger.staticData().windowStart).toBe('2026-01-05T08:55:00.000Z');
	});
});

describe('Fax Cloud Trigger at minute precision', () => {
	/** The description allows datetimes at minute precision: 09:00Z, not 09:00:40Z. */
	const emu = useTriggerEmulator({ datetimePrecision: 'minute' });

	test('faxes arriving all through one minute, polled several times in it, are each emitted once', async () => {
		receive(emu, 1, { at: '2026-01-05T08:59:40Z' });
		const trigger = await watchInbound(emu);
		expect(trigger.staticData()).toMatchObject({
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: { '2026-01-05T08:59:00.000Z': ['in:1'] },
		});

		const waits = [5_000, 15_000, 39_000, 1_000, 30_000];
		const counts = [3, 2, 4, 0, 1];
		const emitted: number[][] = [];
		for (const [poll, wait] of waits.entries()) {
			emu.control.advance(wait);
			if (counts[poll] > 0) receive(emu, counts[poll]);
			emitted.push(inboundIds(await trigger.pollItems()));
		}
		expect(emitted.map((ids) => ids.length)).toEqual(counts);
		expect(emitted.flat()).toEqual(trigger.inboundSinceStart());
		expect(await trigger.poll()).toBeNull();
		// After the clock's read, each search starts the allowance before the clock at the poll before.
		expect(searches(emu, 'inboundfaxes').map((r) => r.query.DatetimeAfter)).toEqual([
			undefined,
			...Array(5).fill('2026-01-05T08:50Z'),
			...Array(2).fill('2026-01-05T08:51Z'),
		]);
	});

	test('5,000 faxes in one minute are drained over several polls, none lost or repeated', async () => {
		receive(emu);
		const trigger = await watchInbound(emu);
		emu.control.advance(20_000);
		receive(emu, 5_000);

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
		expectEachOnce(polls.flatMap(inboundIds), trigger.inboundSinceStart());

		// The minute's keys are kept until the allowance after it has passed on the service's clock.
		expect(seenKeys(trigger)).toHaveLength(5_001);
		emu.control.advance(11 * MINUTE);
		const [next] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
		expect(seenKeys(trigger)).toHaveLength(1);
	});

	test('outbound status changes within one minute are each emitted once', async () => {
		const statuses = ['awaitingConversion', 'scheduled', 'sending', 'sent', 'sendFailed'];
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged', statuses });
		const faxes = [await sendOutbound(emu, 'alice'), await sendOutbound(emu, 'bob')];
		const steps = [0, 5_000, 2_000, 20_000, 30_000, 60_000];
		const emitted = await changesAfterSteps(emu, trigger, steps);
		const alice = trigger.changesSinceStart().filter((change) => change.startsWith(`${faxes[0]}:`));
		expect(emitted).toEqual(alice);
		expect(alice).toHaveLength(4);
	});

	test('a fax back in the same status within the same minute cannot be told apart, so it is emitted once', async () => {
		const statuses = ['scheduled', 'sending'];
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged', statuses });
		// 0006: scheduled at :05, sending at :07, busy, scheduled again at :12 (all 09:00Z).
		const faxId = await sendOutbound(emu, 'alice', '12125550006', { RetryInterval: '1' });
		const emitted = await changesAfterSteps(emu, trigger, [5_000, 2_000, 5_000, 60_000]);
		expect(emitted).toEqual([
			`${faxId}:scheduled`,
			`${faxId}:sending`,
			// The second sending is at 09:01Z: a new minute, a new change.
			`${faxId}:sending`,
		]);
	});

	test('a fax scheduled again within the minute it started sending, then sending in the next minute: each change once', async () => {
		const statuses = ['scheduled', 'sending'];
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged', statuses });
		// 0006: scheduled at :05 (no poll sees it), sending at :07, busy, scheduled again at :12.
		const faxId = await sendOutbound(emu, 'alice', '12125550006', { RetryInterval: '1' });
		const emitted = await changesAfterSteps(emu, trigger, [7_000, 5_000, 60_000]);
		expect(emitted).toEqual([
			`${faxId}:sending`,
			// At 09:00Z too, as the sending before it: the fax's last status is now scheduled.
			`${faxId}:scheduled`,
			`${faxId}:sending`,
		]);
	});
});

// Record times the datetime format allows, from answers that disagree: one record at minute and at
// second precision; a time without a zone (the format requires one; older interfaces send US Eastern).
describe('Fax Cloud Trigger: record times of a scripted service', () => {
	/** A trigger watching a scripted service, its baseline poll done, the service's clock at 09:06. */
	async function afterBaseline() {
		const service = await scriptedInbound();
		expect(await service.trigger.poll()).toBeNull();
		service.answer.date = scriptedDate('09:06');
		return service;
	}

	test.each([
		['2026-01-05T09:05Z', '2026-01-05T09:05:27Z'],
		['2026-01-05T09:05:27Z', '2026-01-05T09:05Z'],
	])('one record read as %s, then as %s: one event', async (first, second) => {
		const { trigger, answer } = await afterBaseline();
		answer.records = [inboundWireRecord(7, first)];
		expect(inboundIds(await trigger.pollItems())).toEqual([7]);
		answer.date = scriptedDate('09:07');
		answer.records = [inboundWireRecord(7, second)];
		expect(await trigger.pollItems()).toEqual([]);
	});

	test('a time without a zone that read as UTC lies before the window (US Eastern wall clock) is emitted once and named in the log', async () => {
		const service = await afterBaseline();
		// 09:05Z written on a New York wall clock, without a zone: as UTC it is 04:05Z, hours
		// before the window (08:50Z); the service returned it for DatetimeAfter 08:50Z.
		service.answer.records = [inboundWireRecord(8, '2026-01-05T04:05:00')];
		const [items, log] = await withLog(() => service.trigger.pollItems());
		expect(inboundIds(items)).toEqual([8]);
		expect(log).toContainEqual(
			expect.stringMatching(/inbound fax 8 .*ReceivedTime.*2026-01-05T04:05:00.*no time zone/i),
		);
		// The service returns it again while its own time is in the window: not emitted again.
		await expectNothingAgain(service, ['09:07', '09:12', '09:15']);
	});

	// The FaxId and time read while paging and the normalised record must agree, for every form.
	test('datetimes without a zone (read as UTC and named in the log), with an offset or a space, and FaxIds with leading zeros: each fax once, in event order, keyed as its emitted record reads', async () => {
		const service = await afterBaseline();
		const { trigger, answer } = service;
		answer.records = [
			inboundWireRecord(7, '2026-01-05 09:05'),
			{ ...inboundWireRecord(9, '2026-01-05T11:06:30+02:00'), FaxId: ' 009' },
			{ ...inboundWireRecord(12, '2026-01-05T09:04:10.5Z'), FaxId: '012' },
			inboundWireRecord(13, '2026-01-05T04:05:00-0500'),
		];
		answer.date = scriptedDate('09:10');
		const [items, log] = await withLog(() => trigger.pollItems());
		expect(log).toContainEqual(expect.stringMatching(/inbound fax 7 .*no time zone.*UTC/i));
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
		await expectNothingAgain(service, ['09:11', '09:13', '09:14']);
	});

	test('a record whose time cannot be read is emitted once and named in n8n’s log; the records around it are emitted', async () => {
		const service = await afterBaseline();
		const { trigger, answer } = service;
		answer.records = [
			inboundWireRecord(7, '2026-01-05T09:05:00Z'),
			inboundWireRecord(8, 'yesterday noon'),
			inboundWireRecord(9, '2026-01-05T09:06:00Z'),
		];
		// The service's own time of each record, which DatetimeAfter filters by; fax 8 shows none.
		answer.serviceTimes = ['2026-01-05T09:05:00Z', '2026-01-05T09:07:00Z', '2026-01-05T09:06:00Z'];
		answer.date = scriptedDate('09:10');
		const [items, log] = await withLog(() => trigger.pollItems());
		expect(inboundIds(items).sort()).toEqual([7, 8, 9]);
		const warnings = log.filter((line) => line.includes('inbound fax 8'));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(/"level":"warn"/);
		expect(warnings[0]).toMatch(/ReceivedTime/);

		await expectNothingAgain(service, ['09:11', '09:14', '09:19', '09:25', '09:40']);
	});
});

// Paging keys the description allows: the same ResultsReference on every page (a session cursor,
// paged until HasMoreResults ends or pages bring nothing new), or none with HasMoreResults true.
describe('Fax Cloud Trigger: paging keys', () => {
	test('a session-cursor ResultsReference: 800 new faxes in one poll are 800 events, each once', async () => {
		emu.control.setPagingKeys('session');
		const trigger = await watchInbound(emu);
		backlogOverAnHour(emu, 'inbound', 800);

		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expect(emitted).toHaveLength(800);
		expectEachOnce(emitted, trigger.inboundSinceStart());
		const keys = searches(emu, 'inboundfaxes')
			.map((request) => request.query.GetNextResults)
			.filter(Boolean);
		expect(keys.length).toBeGreaterThan(1);
		expect(new Set(keys).size).toBe(1);
	});

	test('a service that answers the same page for ever: the poll fails with a clear error and keeps its window; the next good answer emits each fax once', async () => {
		const { trigger, answer, received } = await scriptedInbound();
		expect(await trigger.poll()).toBeNull();
		const before = trigger.staticData();

		answer.date = scriptedDate('09:10');
		answer.records = [
			inboundWireRecord(7, '2026-01-05T09:05:00Z'),
			inboundWireRecord(8, '2026-01-05T09:06:00Z'),
		];
		answer.reference = 'SESSION-1';
		await expect(trigger.poll()).rejects.toThrow(/same page|no new record/i);
		expect(trigger.staticData()).toEqual(before);
		// It gave up after a few pages, not after the poll's whole budget.
		const stuckPages = received.filter((r) => r.url.includes('GetNextResults'));
		expect(stuckPages.length).toBeLessThanOrEqual(5);

		answer.reference = undefined;
		expect(inboundIds(await trigger.pollItems())).toEqual([7, 8]);
		expect(await trigger.pollItems()).toEqual([]);
	});

	test('HasMoreResults without a ResultsReference: the poll fails naming the answer and keeps its window; once the keys come back every fax is emitted once', async () => {
		const trigger = await watchInbound(emu);
		backlogOverAnHour(emu, 'inbound', 300);
		const before = trigger.staticData();

		emu.control.setPagingKeys('withheld');
		await expect(trigger.poll()).rejects.toThrow(
			/GET \/inboundfaxes.*HasMoreResults is true but gives no ResultsReference/,
		);
		expect(trigger.staticData()).toEqual(before);

		emu.control.setPagingKeys('per-page');
		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expect(emitted).toHaveLength(300);
		expectEachOnce(emitted, trigger.inboundSinceStart());
	});
});

// Answers scripted request by request: a slow read whose pages carry different clocks, a fax whose
// page takes longer than the lateness allowance.
describe('Fax Cloud Trigger: a scripted service answered request by request', () => {
	/** The Date header of 5 January 2026 at `time` (`09:10:20`). */
	const at = (time: string) => `Mon, 05 Jan 2026 ${time} GMT`;
	const nothing = (time: string) => () => ({ date: at(time), records: [] });

	test('a read whose pages took 40 s across a minute moves the window by its first page’s clock: a fax that appeared meanwhile within the allowance is emitted', async () => {
		const faxes = [
			inboundWireRecord(7, '2026-01-05T09:05:00Z'),
			inboundWireRecord(8, '2026-01-05T09:06:00Z'),
		];
		// Received at 09:00:40, on the service only at 09:10:35 (9 min 55 s late), after page 1.
		const late = inboundWireRecord(9, '2026-01-05T09:00:40Z');
		const trigger = await scriptedTrigger({ event: 'newInboundFax' }, [
			nothing('09:10:20'),
			nothing('09:10:20'),
			() => ({ date: at('09:10:30'), records: [faxes[0]], reference: 'PAGE-2' }),
			() => ({ date: at('09:11:10'), records: [faxes[1]] }),
			(url) => ({
				date: at('09:11:20'),
				records: fromDatetimeAfter(url, [...faxes, late], 'ReceivedTime'),
			}),
		]);
		expect(await trigger.poll()).toBeNull();
		expect(inboundIds(await trigger.pollItems())).toEqual([7, 8]);
		expect(inboundIds(await trigger.pollItems())).toEqual([9]);
	});

	// A fax's last status outlives the window (statusMemory.ts): a page may take longer than the
	// allowance, and the record comes back still sending at a new CompleteTime.
	test('a fax whose next page goes out after the window passed its last update is one sending event, then sent', async () => {
		const fax = (FaxStatus: string, time: string) => ({
			FaxId: '5',
			FaxUserId: 'alice@acme',
			FaxStatus,
			CompleteTime: `2026-01-05T${time}Z`,
			PagesTotal: '3',
		});
		// Dialled at 09:00:50; its first page goes out at 09:05:40, a poll every minute.
		const dialled = fax('sending', '09:00:50');
		const polls: Array<[string, IDataObject]> = [
			['09:01:00', dialled],
			['09:02:00', dialled],
			['09:03:00', dialled],
			['09:04:00', dialled],
			['09:05:00', dialled],
			['09:06:00', fax('sending', '09:05:40')],
			['09:07:00', fax('sent', '09:06:30')],
		];
		const parameters = {
			event: 'outboundFaxStatusChanged',
			statuses: ['sending', 'sent'],
			options: { latenessMinutes: 1 },
		};
		const trigger = await scriptedTrigger(parameters, [
			nothing('09:00:00'),
			nothing('09:00:00'),
			...polls.map(([time, record]) => (url: URL) => ({
				date: at(time),
				records: fromDatetimeAfter(url, [record], 'CompleteTime'),
			})),
		]);
		expect(await trigger.poll()).toBeNull();
		const emitted: string[] = [];
		for (let poll = 0; poll < polls.length; poll++) {
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		expect(emitted).toEqual(['5:sending', '5:sent']);
	});

	// Status changes are never held (faxPoll.ts): a held change would skip the status memory, and a
	// change left at Max Events per Poll must be read again for the next to be told from it.
	test('an outbound change left at Max Events per Poll past the allowance: the fax’s next change after it (sending again after a retry) is still emitted', async () => {
		hostClockFollows(emu);
		const start = Date.parse(emu.control.now());
		const fax = (faxId: number, FaxStatus: string, second: number) => ({
			FaxId: String(faxId),
			FaxUserId: 'alice@acme',
			FaxStatus,
			CompleteTime: new Date(start + second * 1000).toISOString(),
			PagesTotal: '3',
		});
		let records: IDataObject[] = [];
		const server = await scripted((request, _count, res) => {
			const url = new URL(request.url, 'http://service');
			const before = url.searchParams.get('DatetimeBefore');
			const found = fromDatetimeAfter(url, records, 'CompleteTime').filter(
				(record) => !before || Date.parse(String(record.CompleteTime)) <= Date.parse(before),
			);
			res.setHeader('Date', new Date(emu.control.now()).toUTCString());
			sendJson(res, 200, {
				RequestStatus: { StatusCode: 0, StatusText: 'OK' },
				...(found.length > 0 ? { FaxInfo: found } : {}),
				HasMoreResults: 'false',
			});
		});
		const parameters = {
			event: 'outboundFaxStatusChanged',
			statuses: ['sending', 'scheduled', 'sent'],
			options: { latenessMinutes: 1, maxEventsPerPoll: 1 },
		};
		const trigger = triggerOnScriptedService(server.url, parameters);
		/** A poll `second`s after the start, the service holding `now`: its status changes. */
		const pollAt = async (second: number, now: IDataObject[]) => {
			emu.control.advance(start + second * 1000 - Date.parse(emu.control.now()));
			records = now;
			return statusChanges(await trigger.pollItems());
		};
		expect(await trigger.poll()).toBeNull();
		expect(await pollAt(40, [fax(5, 'sending', 10)])).toEqual(['5:sending']);
		expect(await pollAt(50, [fax(5, 'sending', 10), fax(6, 'sending', 45)])).toEqual(['6:sending']);
		// Both busy, scheduled for a retry; the next poll reads a slice of two minutes, and stops
		// at Max Events per Poll past the allowance with fax 6's change left.
		trigger.setStaticData({ ...trigger.staticData(), sliceMs: 2 * MINUTE });
		const scheduled = [fax(5, 'scheduled', 70), fax(6, 'scheduled', 80)];
		expect(await pollAt(210, scheduled)).toEqual(['5:scheduled']);
		expect(await pollAt(240, scheduled)).toEqual(['6:scheduled']);
		// Fax 6 dialled again: sending after scheduled is a change.
		const redialled = [fax(5, 'scheduled', 70), fax(6, 'sending', 270)];
		expect(await pollAt(300, redialled)).toEqual(['6:sending']);
	});
});

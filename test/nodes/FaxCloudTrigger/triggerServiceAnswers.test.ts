// What the service may answer and the trigger must still read right: a clock far ahead, times at
// minute precision or without a zone, other forms of numbers and datetimes, odd paging keys; and
// faults under a poll: failed requests, answers past the poll's deadline, images that cannot be
// downloaded. Each fax is still emitted once and no state is lost.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { FaultKind } from '../../../emulator/faults';
import type { PolledTrigger } from '../../harness/jest/poll';
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
	faxIds,
	hostClockFollows,
	MINUTE,
	pollTimes,
	receive,
	seenKeys,
	useTriggerEmulator,
	watchFromNow,
	watchInbound,
	watchTrigger,
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

/** An outbound fax of three pages as the service writes it (strings). */
const outboundWireRecord = (faxId: number, FaxStatus: string, CompleteTime: string) => ({
	FaxId: String(faxId),
	FaxUserId: 'alice@acme',
	FaxStatus,
	CompleteTime,
	PagesTotal: '3',
});

/** One answer of a scripted interface A: its Date header, records and paging key. */
interface ScriptedAnswer {
	date: string;
	records: IDataObject[];
	reference?: string;
}

/** A trigger of `parameters` on a scripted interface A whose every answer `answer` gives. */
async function scriptedTrigger(parameters: IDataObject, answer: (url: URL) => ScriptedAnswer) {
	const server = await scripted((request, _count, res) => {
		const { date, records, reference } = answer(new URL(request.url, 'http://service'));
		res.setHeader('Date', date);
		sendJson(res, 200, {
			RequestStatus: { StatusCode: 0, StatusText: 'OK' },
			...(records.length > 0 ? { FaxInfo: records } : {}),
			HasMoreResults: reference ? 'true' : 'false',
			...(reference ? { ResultsReference: reference } : {}),
		});
	});
	return { trigger: triggerOnScriptedService(server.url, parameters), received: server.received };
}

/** The answers of a scripted interface A, one request after another. */
const inTurn = (answers: Array<(url: URL) => ScriptedAnswer>) => (url: URL) =>
	answers.shift()!(url);

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
	const service = await scriptedTrigger({ event: 'newInboundFax' }, (url) => {
		const after = url.searchParams.get('DatetimeAfter');
		const shown = (index: number) =>
			!after ||
			!answer.serviceTimes[index] ||
			Date.parse(answer.serviceTimes[index]) >= Date.parse(after);
		return { ...answer, records: answer.records.filter((_, index) => shown(index)) };
	});
	return { ...service, answer };
}

type ScriptedInbound = Awaited<ReturnType<typeof scriptedInbound>>;

/** The scripted service's Date header at `time` (`09:10` or `09:10:20`) on 5 January 2026. */
const scriptedDate = (time: string) => new Date(`2026-01-05T${time}Z`).toUTCString();

/** Polls while the scripted service's clock reads each of `times`: none emits anything. */
async function expectNothingAgain(service: ScriptedInbound, times: string[]) {
	for (const time of times) {
		service.answer.date = scriptedDate(time);
		expect(await service.trigger.pollItems()).toEqual([]);
	}
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
		expect(inboundIds(items)).toEqual(faxIds(faxes));
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

	// 0006: scheduled at :05, sending at :07, busy, scheduled again at :12 (all 09:00Z).
	test.each([
		[
			'a fax back in the same status within the same minute cannot be told apart, so it is emitted once',
			[5_000, 2_000, 5_000, 60_000],
			// The second sending is at 09:01Z: a new minute, a new change.
			['scheduled', 'sending', 'sending'],
		],
		[
			'a fax scheduled again within the minute it started sending, then sending in the next minute: each change once',
			[7_000, 5_000, 60_000],
			// No poll sees scheduled at :05; at 09:00Z too, as the sending before it: the last status now.
			['sending', 'scheduled', 'sending'],
		],
	])('%s', async (_title, steps, changes) => {
		const statuses = ['scheduled', 'sending'];
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged', statuses });
		const faxId = await sendOutbound(emu, 'alice', '12125550006', { RetryInterval: '1' });
		expect(await changesAfterSteps(emu, trigger, steps)).toEqual(
			changes.map((status) => `${faxId}:${status}`),
		);
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
		expect(received.filter((r) => r.url.includes('GetNextResults')).length).toBeLessThanOrEqual(5);

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
	const nothing = (time: string) => () => ({ date: scriptedDate(time), records: [] });

	test('a read whose pages took 40 s across a minute moves the window by its first page’s clock: a fax that appeared meanwhile within the allowance is emitted', async () => {
		const faxes = [
			inboundWireRecord(7, '2026-01-05T09:05:00Z'),
			inboundWireRecord(8, '2026-01-05T09:06:00Z'),
		];
		// Received at 09:00:40, on the service only at 09:10:35 (9 min 55 s late), after page 1.
		const late = inboundWireRecord(9, '2026-01-05T09:00:40Z');
		const { trigger } = await scriptedTrigger(
			{ event: 'newInboundFax' },
			inTurn([
				nothing('09:10:20'),
				nothing('09:10:20'),
				() => ({ date: scriptedDate('09:10:30'), records: [faxes[0]], reference: 'PAGE-2' }),
				() => ({ date: scriptedDate('09:11:10'), records: [faxes[1]] }),
				(url) => ({
					date: scriptedDate('09:11:20'),
					records: fromDatetimeAfter(url, [...faxes, late], 'ReceivedTime'),
				}),
			]),
		);
		expect(await trigger.poll()).toBeNull();
		expect(inboundIds(await trigger.pollItems())).toEqual([7, 8]);
		expect(inboundIds(await trigger.pollItems())).toEqual([9]);
	});

	// A fax's last status outlives the window (statusMemory.ts): a page may take longer than the
	// allowance, and the record comes back still sending at a new CompleteTime.
	test('a fax whose next page goes out after the window passed its last update is one sending event, then sent', async () => {
		const fax = (status: string, time: string) =>
			outboundWireRecord(5, status, `2026-01-05T${time}Z`);
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
		const { trigger } = await scriptedTrigger(
			parameters,
			inTurn([
				nothing('09:00:00'),
				nothing('09:00:00'),
				...polls.map(([time, record]) => (url: URL) => ({
					date: scriptedDate(time),
					records: fromDatetimeAfter(url, [record], 'CompleteTime'),
				})),
			]),
		);
		expect(await trigger.poll()).toBeNull();
		const emitted = await pollTimes(() => trigger.pollItems(), polls.length);
		expect(emitted.flatMap(statusChanges)).toEqual(['5:sending', '5:sent']);
	});

	// Status changes are never held (faxPoll.ts): a held change would skip the status memory, and a
	// change left at Max Events per Poll must be read again for the next to be told from it.
	test('an outbound change left at Max Events per Poll past the allowance: the fax’s next change after it (sending again after a retry) is still emitted', async () => {
		hostClockFollows(emu);
		const start = Date.parse(emu.control.now());
		const fax = (faxId: number, status: string, second: number) =>
			outboundWireRecord(faxId, status, new Date(start + second * 1000).toISOString());
		let records: IDataObject[] = [];
		const parameters = {
			event: 'outboundFaxStatusChanged',
			statuses: ['sending', 'scheduled', 'sent'],
			options: { latenessMinutes: 1, maxEventsPerPoll: 1 },
		};
		const { trigger } = await scriptedTrigger(parameters, (url) => {
			const before = url.searchParams.get('DatetimeBefore');
			return {
				date: new Date(emu.control.now()).toUTCString(),
				records: fromDatetimeAfter(url, records, 'CompleteTime').filter(
					(record) => !before || Date.parse(String(record.CompleteTime)) <= Date.parse(before),
				),
			};
		});
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

/** Faults that fail a request (`delay` only slows it down), and the status the emulator logs. */
const LOGGED_STATUS: Record<string, number | null> = {
	http500: 500,
	htmlError: 502,
	resetBeforeProcessing: null,
	resetAfterProcessing: null,
	truncatedJson: 201,
};
const FAILING = Object.keys(LOGGED_STATUS) as FaultKind[];

/** A GET is tried three times by the shared helper: three faults in a row fail it for good. */
const GET_ATTEMPTS = 3;

/** Fails the n-th request (1-based) on a path and lets the ones before it through. */
function failNthRequest(path: string, nth: number, kind: FaultKind, method = 'GET') {
	if (nth > 1) emu.control.addFault({ method, path, kind: 'delay', delayMs: 1, count: nth - 1 });
	emu.control.addFault({ method, path, kind, count: method === 'GET' ? GET_ATTEMPTS : 1 });
}

describe.each(FAILING)('Fax Cloud Trigger with the %s fault', (kind) => {
	test('a search failing on its second page changes no state; the next poll emits every fax once', async () => {
		receive(emu);
		const trigger = await watchInbound(emu);
		const before = trigger.staticData();
		emu.control.advance(60_000);
		receive(emu, 600);
		failNthRequest('^/v1/inboundfaxes$', 2, kind);

		await expect(trigger.poll()).rejects.toThrow();
		expect(trigger.staticData()).toEqual(before);

		emu.control.advance(60_000);
		receive(emu, 5);
		expect((await drain(trigger)).flatMap(inboundIds)).toEqual(trigger.inboundSinceStart());
	});

	test('an image download failing mid-poll is tried again after the other faxes: every fax once, with its image', async () => {
		const trigger = await watchInbound(emu, { attachImage: 'pdf' });
		const faxes = receive(emu, 5);
		// A truncated image with a matching length is indistinguishable from a short one.
		const failure = kind === 'truncatedJson' ? 'http500' : kind;
		failNthRequest(`^/v1/inboundfaxes/${faxes[3].FaxId}/image$`, 1, failure);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		expect(items.every((item) => item.binary?.data.mimeType === 'application/pdf')).toBe(true);
		expect(items.every((item) => item.json.imageError === undefined)).toBe(true);
		expect(await trigger.poll()).toBeNull();
	});

	test('a failed mark keeps the fax emitted once and is retried at the next poll', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true });
		const faxes = receive(emu, 3);
		failNthRequest(`^/v1/inboundfaxes/${faxes[1].FaxId}$`, 1, kind, 'PUT');

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		expect(items.map((item) => item.json.Mark)).toEqual([true, false, true]);
		expect(trigger.staticData().marks).toEqual([[Number(faxes[1].FaxId), 1]]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		const puts = emu.control.requests({ method: 'PUT', path: `/${faxes[1].FaxId}$` });
		expect(puts.map((r) => r.status)).toEqual([LOGGED_STATUS[kind], 201]);
		expect(emu.control.inboundAll().every((fax) => fax.Mark === 'true')).toBe(true);
	});

	test('outbound status changes: failed polls, then every completion exactly once', async () => {
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged' });
		const emitted: string[] = [];
		const numbers = ['12125550000', '12125551000', '12125550002', '12125550006'];
		for (const [index, number] of numbers.entries()) {
			await sendOutbound(emu, 'alice', number);
			emu.control.advance(40_000);
			if (index % 2 === 0) {
				failNthRequest('^/v1/outboundfaxes$', 1, kind);
				const before = trigger.staticData();
				await expect(trigger.poll()).rejects.toThrow();
				expect(trigger.staticData()).toEqual(before);
			}
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		emu.control.advance(2 * 60 * 60_000);
		emitted.push(...(await drain(trigger)).flatMap(statusChanges));
		expectEachOnce(emitted, trigger.changesSinceStart(['sent', 'sendFailed']));
		expect(emitted).toHaveLength(4);
	});

	test('a first activation that fails stores nothing and is repeated by the next poll', async () => {
		receive(emu, 2);
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		failNthRequest('^/v1/inboundfaxes$', 1, kind);
		await expect(trigger.poll()).rejects.toThrow();
		expect(trigger.staticData()).toEqual({});
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toMatchObject({
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: { '2026-01-05T09:00:00.000Z': ['in:1', 'in:2'] },
		});
		const [next] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
	});
});

test('slow answers (delay fault) neither fail a poll nor repeat an event', async () => {
	const trigger = await watchInbound(emu, { markAsRetrieved: true });
	const faxes = receive(emu, 300);
	emu.control.addFault({ kind: 'delay', delayMs: 20, probability: 0.5, seed: 7 });
	expect((await drain(trigger)).flatMap(inboundIds)).toEqual(faxIds(faxes));
	expect(emu.control.requests().some((r) => r.fault === 'delay')).toBe(true);
});

// Every poll ends by its deadline (n8n 2.x abandons a late poll): each held answer outlasts the
// budget's floor (5 s) and retries, so "the answer was still held" shows the poll did not wait.
const BUDGET_MS = 1_000;
const HELD_MS = 15_000;

/** Holds the next answer on `path` back for HELD_MS (the request is carried out at once). */
function holdNextAnswer(path: string, method = 'GET') {
	emu.control.addFault({ method, path, kind: 'delay', delayMs: HELD_MS, count: 1 });
}

/** Whether the (`first`: first of several) held answer on `path` was still not written. */
function answerStillHeld(path: string, method = 'GET', which: 'only' | 'first' = 'only') {
	const held = emu.control.requests({ method, path }).filter((r) => r.fault === 'delay');
	if (which === 'only') expect(held).toHaveLength(1);
	return held[0].finishedMs === undefined;
}

/** The same trigger with its state and n8n's usual budget, for the ordinary polls after. */
function withUsualBudget(parameters: IDataObject, cut: PolledTrigger) {
	const usual = watchTrigger(emu, parameters);
	usual.setStaticData(cut.staticData());
	return usual;
}

describe('Fax Cloud Trigger: a poll bounded in time', () => {
	test('a search answer held past the deadline: the poll ends without it and changes nothing; the next poll emits every fax once', async () => {
		const parameters = { event: 'newInboundFax' };
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const faxes = receive(emu, 4);
		const before = trigger.staticData();
		holdNextAnswer('^/v1/inboundfaxes$');

		expect(await trigger.poll()).toBeNull();
		expect(answerStillHeld('^/v1/inboundfaxes$')).toBe(true);
		expect(trigger.staticData()).toEqual(before);

		const next = withUsualBudget(parameters, trigger);
		expect(inboundIds(await next.pollItems())).toEqual(faxIds(faxes));
		expect(await next.poll()).toBeNull();
	});

	test('an image that never answers costs its share of the poll, not the poll: the fax is emitted with imageError, the faxes after it with their images', async () => {
		const parameters = { event: 'newInboundFax', attachImage: 'pdf' };
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const faxes = receive(emu, 3);
		const image = `^/v1/inboundfaxes/${faxes[0].FaxId}/image$`;
		emu.control.addFault({ path: image, kind: 'delay', delayMs: HELD_MS });

		const polls = [await trigger.pollItems()];
		expect(answerStillHeld(image, 'GET', 'first')).toBe(true);
		expect(inboundIds(polls[0])[0]).toBe(Number(faxes[0].FaxId));
		expect(polls[0][0].binary).toBeUndefined();
		expect(polls[0][0].json.imageError).toMatch(/did not send the image within/);

		// This short budget leaves the faxes after it to the next poll; they are not held back.
		const next = withUsualBudget(parameters, trigger);
		polls.push(await next.pollItems());
		const later = polls.flat().slice(1);
		expect(inboundIds(later)).toEqual(faxIds(faxes.slice(1)));
		expect(later.every((item) => item.binary?.data.mimeType === 'application/pdf')).toBe(true);
		expect(await next.poll()).toBeNull();
	});

	test('an image that did not come within its share is not asked for again in the same poll', async () => {
		const parameters = { event: 'newInboundFax', attachImage: 'pdf' };
		// 15 % of 20 s: a share of 3 s for each image.
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: 20_000 });
		emu.control.advance(60_000);
		const [silent, next] = receive(emu, 2);
		const image = `^/v1/inboundfaxes/${silent.FaxId}/image$`;
		emu.control.addFault({ path: image, kind: 'delay', delayMs: HELD_MS });

		const items = await trigger.pollItems();

		expect(inboundIds(items)).toEqual([Number(silent.FaxId), Number(next.FaxId)]);
		expect(items[0].json.imageError).toMatch(/did not send the image within 3 s/);
		expect(items[1].binary?.data.mimeType).toBe('application/pdf');
		expect(emu.control.requests({ method: 'GET', path: image })).toHaveLength(1);
	});

	test('a mark answer held past the deadline: the faxes are emitted, the mark is retried at the next poll without counting an attempt', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true }, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const [fax] = receive(emu);
		const mark = `^/v1/inboundfaxes/${fax.FaxId}$`;
		holdNextAnswer(mark, 'PUT');

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual([Number(fax.FaxId)]);
		expect(answerStillHeld(mark, 'PUT')).toBe(true);
		expect(items[0].json.Mark).toBe(false);
		expect(trigger.staticData().marks).toEqual([[Number(fax.FaxId), 0]]);

		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		expect(emu.control.requests({ method: 'PUT', path: mark })).toHaveLength(2);
	});
});

/** A fax whose image cannot be downloaded: emitted once with what went wrong, others not held. */
describe('Fax Cloud Trigger: an image that cannot be downloaded', () => {
	test('each bad image is one event with imageError, the faxes after it come in the same poll, never again', async () => {
		const trigger = await watchInbound(emu, { attachImage: 'pdf' });
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
		// Tried again within the poll a bounded number of times: a 5xx three times, twice; a 404 twice.
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
		const trigger = await watchInbound(emu, { attachImage: 'pdf', markAsRetrieved: true });
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
		const parameters = { event: 'outboundFaxStatusChanged', attachImage: 'tif' };
		const trigger = await watchFromNow(emu, parameters, { typeVersion: 2 });
		const first = await sendOutbound(emu, 'alice');
		const second = await sendOutbound(emu, 'alice');
		emu.control.setImageFault('outbound', first, 'notFound');
		emu.control.advance(5 * 60_000);
		const items = await trigger.pollItems();
		const ids = items.map((item) => Number(item.json.faxId ?? item.json.FaxId));
		expect(ids).toEqual([first, second]);
		expect(items[0].json.imageError).toMatch(/HTTP 404/);
		expect(items[1].binary?.data?.mimeType).toBe('image/tiff');
		expect(await trigger.pollItems()).toEqual([]);
	});
});

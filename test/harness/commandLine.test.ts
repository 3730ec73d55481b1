import { CommandLine } from './commandLine';
import { ALL_CASES } from '../e2e/cases/all-cases';

const line = (text: string) => new CommandLine(text.split(' ').filter(Boolean));
const BENCH_PARTS = ['send', 'send-once', 'mail-merge', 'download', 'without-trigger', 'trigger'];
const DEPLOY_PARTS = ['queue', 'single', 'queue-trigger'];

test("the README's command lines pick what they say", () => {
	// npm run bench -- --only send,send-once,mail-merge,download,without-trigger,trigger
	expect(BENCH_PARTS.filter(line(`--only ${BENCH_PARTS.join(',')}`).only(BENCH_PARTS))).toEqual(
		BENCH_PARTS,
	);
	// npm run bench -- --only <part>: the part it names, not the parts whose names contain it
	expect(BENCH_PARTS.filter(line('--only send').only(BENCH_PARTS))).toEqual(['send']);
	// ... whether the longer names start with it (send-once) or end with it (without-trigger)
	expect(BENCH_PARTS.filter(line('--only trigger').only(BENCH_PARTS))).toEqual(['trigger']);
	// npm run test:deploy -- --only queue-trigger
	expect(DEPLOY_PARTS.filter(line('--only queue-trigger').only(DEPLOY_PARTS))).toEqual([
		'queue-trigger',
	]);
	expect(DEPLOY_PARTS.filter(line('--only queue').only(DEPLOY_PARTS))).toEqual(['queue']);
	// npm run test:e2e -- --only v2: every case whose title says it, in any case
	const titles = ALL_CASES.map((c) => c.title);
	const v2 = titles.filter(line('--only V2').only(titles));
	expect(v2.length).toBeGreaterThan(1);
	expect(v2).toEqual(titles.filter((title) => title.toLowerCase().includes('v2')));
	// --scenario <text>: of the names met one at a time, those that contain it
	expect(
		line('--scenario killed').picksOne(
			'queue mode: worker killed during a bulk send',
			'--scenario',
		),
	).toBe(true);
	expect(line('--scenario killed').picksOne('queue mode: bulk send', '--scenario')).toBe(false);
});

test('without --only every name is picked; a name it misses, or a missing value, stops the run', () => {
	expect(BENCH_PARTS.filter(line('--quick').only(BENCH_PARTS))).toEqual(BENCH_PARTS);
	expect(line('--table').has('--table')).toBe(true);
	expect(() => line('--only sned').only(BENCH_PARTS)).toThrow(
		'--only sned names none of: send, send-once, mail-merge, download, without-trigger, trigger',
	);
	expect(() => line('--only').only(BENCH_PARTS)).toThrow('--only needs a value');
	expect(() => line('--n8n --only v2').value('--n8n')).toThrow('--n8n needs a value');
	expect(line('--n8n 2.40.7').value('--n8n')).toBe('2.40.7');
});

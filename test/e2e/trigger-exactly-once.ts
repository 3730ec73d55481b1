/**
 * Trigger phase, exactly-once under what the service and n8n may legally do: four workflows, each
 * with its own sink event: two Poll Times entries firing together on a slow service (the polls
 * overlap); a backlog read through one ResultsReference for every page; images that fail or never
 * answer; marks that fail, then the credential switched to another account while active.
 */
import { SEED_USERS, startEmulator, type Emulator } from '../../emulator';
import type { CredentialImport } from '../harness/n8n/n8n-cli';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { assert } from './lib/assert';
import { faxCredential } from '../harness/n8n/credentials';
import { changeFaxLogin } from './lib/n8n-rest';
import * as events from './lib/sink-events';
import type { Sink } from '../harness/sink';

const { allAt, eventsAt, faxIdOf, idsAt } = events;
/** Larger than the two pages a reader that stops at a repeated key reads (2 × 250). */
const BACKLOG = 800;
/** The trigger's attempts to mark a fax (README, Exactly once: "three attempts"). */
const MARK_ATTEMPTS = 3;
/** Time between the new account's first poll and the fax injected after the switch. */
const QUIET_MS = 5000;

const ACCOUNT_SWITCH = {
	id: 'FaxCloudSwitch01',
	name: 'Fax Cloud switched account (local emulator)',
};
const { alice, bob, acmeAdmin, carol: OLD_LOGIN, globexAdmin: NEW_LOGIN } = SEED_USERS;

/** Its two Poll Times entries must fire together: it keeps them in the phase. */
export const TWO_POLL_TIMES_WORKFLOW = 'trigger-two-poll-times.json';

export const EXACTLY_ONCE_WORKFLOWS = [
	TWO_POLL_TIMES_WORKFLOW,
	'trigger-session-cursor.json',
	'trigger-image-error.json',
	'trigger-account-switch.json',
];

export class ExactlyOnceCases extends events.Moments {
	private slowFaxes: number[] = [];
	private backlog: number[] = [];
	/** carol's faxes: the one whose image fails, the one whose image never answers, then two. */
	private brokenImage = 0;
	private silentImage = 0;
	private afterBroken: number[] = [];
	/** carol's faxes whose mark fails while the old account is in use. */
	private markFails: number[] = [];
	/** Every fax of carol the switch workflow should emit, before the switch. */
	private oldAccountFaxes: number[] = [];
	private afterSwitch: number[] = [];
	private switchedAtSeq = 0;

	private constructor(
		readonly slow: Emulator,
		readonly session: Emulator,
	) {
		super();
	}

	static async start(): Promise<ExactlyOnceCases> {
		const slow = await startEmulator({ port: 0, clock: 'real' });
		// Every inbound search held 2 s; `session` sends one ResultsReference for every page.
		slow.control.addFault({
			method: 'GET',
			path: '^/v1/inboundfaxes$',
			kind: 'delay',
			delayMs: 2000,
		});
		// It also leaves HasMoreResults out of inbound answers (the description shows the key on
		// outbound answers only): the last page is the one without a ResultsReference.
		const session = await startEmulator({
			port: 0,
			clock: 'real',
			pagingKeys: 'session',
			inboundHasMoreResults: 'omitted',
		});
		return new ExactlyOnceCases(slow, session);
	}

	/** The credentials of the four workflows; `urls` are the phase's own emulator. */
	credentials(urls: Emulator['urls']): CredentialImport[] {
		const admin = (where: string) => `Fax Cloud administrator (${where} emulator)`;
		return [
			faxCredential('FaxCloudSlowLoc1', admin('slow'), acmeAdmin, this.slow.urls),
			faxCredential('FaxCloudPageLoc1', admin('session-cursor'), acmeAdmin, this.session.urls),
			faxCredential('FaxCloudCarolImg', 'Fax Cloud carol (local emulator)', OLD_LOGIN, urls),
			faxCredential(ACCOUNT_SWITCH.id, ACCOUNT_SWITCH.name, OLD_LOGIN, urls),
		];
	}

	/** With the phase's first batch: every case's first faxes, and the faults. */
	injectFirst({ control }: Emulator): void {
		const slow = this.slow.control;
		const carolFaxes = (count = 1) =>
			control.injectInbound({ userId: OLD_LOGIN.userId, count }).map(faxIdOf);
		this.slowFaxes.push(
			...slow.injectInbound({ userId: alice.userId, count: 2 }).map(faxIdOf),
			...slow.injectInbound({ userId: bob.userId }).map(faxIdOf),
		);
		this.backlog = [alice, bob].flatMap((user) =>
			this.session.control.injectInbound({ userId: user.userId, count: BACKLOG / 2 }).map(faxIdOf),
		);
		[this.brokenImage] = carolFaxes();
		const image = `^/v1/inboundfaxes/${this.brokenImage}/image$`;
		control.addFault({ method: 'GET', path: image, kind: 'http500' });
		[this.silentImage] = carolFaxes();
		control.setImageFault('inbound', this.silentImage, 'noAnswer');
		this.afterBroken = carolFaxes(2);
		this.markFails = carolFaxes(2);
		control.addFault({ method: 'PUT', path: this.markPath(), kind: 'http500' });
		this.mark('first faxes injected');
	}

	private markPath(): string {
		return `^/v1/inboundfaxes/(${this.markFails.join('|')})$`;
	}

	/** carol's faxes the phase injected itself (its other-organization fax), before the switch. */
	expectOldAccount(ids: number[]): void {
		const { brokenImage, silentImage, afterBroken, markFails } = this;
		this.oldAccountFaxes = [...ids, brokenImage, silentImage, ...afterBroken, ...markFails];
	}

	/** Whether the first polls of the four workflows have come. */
	firstDone(sink: Sink): boolean {
		const done =
			idsAt(sink, 'twoPollTimes').length >= this.slowFaxes.length &&
			idsAt(sink, 'sessionCursor').length >= this.backlog.length &&
			allAt(sink, 'imageError', [this.brokenImage, this.silentImage, ...this.afterBroken]) &&
			allAt(sink, 'accountSwitch', this.oldAccountFaxes);
		if (done) this.mark('first polls emitted', true);
		return done;
	}

	/** The old login's answered attempts to mark each fax whose mark fails. */
	private markAttempts(main: Emulator): number[] {
		const puts = main.control
			.requests({ method: 'PUT', path: this.markPath() })
			.filter((r) => r.auth.userId === OLD_LOGIN.userId && r.finishedMs !== undefined);
		return this.markFails.map((id) => puts.filter((r) => r.path.endsWith(`/${id}`)).length);
	}

	/** Each failing mark tried once: a poll under way may try once more, one try is left after. */
	readyToSwitch(main: Emulator): boolean {
		return this.markAttempts(main).every((attempts) => attempts === 1);
	}

	/** The switch workflow's credential gets another account's login, as a user saving it does. */
	async switchAccount(server: N8nServer, main: Emulator): Promise<void> {
		this.switchedAtSeq = main.control.lastSeq();
		await changeFaxLogin(server, ACCOUNT_SWITCH, NEW_LOGIN, main.urls);
		this.mark('credential switched');
	}

	/** With the phase's second batch: more faxes on the slow service. */
	injectSecond(): void {
		const more = this.slow.control.injectInbound({ userId: bob.userId, count: 2 });
		this.slowFaxes.push(...more.map(faxIdOf));
	}

	private newAccountRequests(main: Emulator) {
		return main.control.requests({ sinceSeq: this.switchedAtSeq, userId: NEW_LOGIN.userId });
	}

	/** A poll with the new account searched and is over: a fax injected next is new to it. */
	newAccountPolled(main: Emulator): boolean {
		const requests = this.newAccountRequests(main);
		if (!requests.some((r) => r.method === 'GET' && r.path === '/v1/inboundfaxes')) return false;
		return requests.every(
			(r) => r.finishedMs !== undefined && Date.now() - r.finishedMs >= QUIET_MS,
		);
	}

	/** A fax of carol after the new account's first poll: the trigger goes on with that account. */
	injectAfterSwitch(main: Emulator): void {
		this.afterSwitch = main.control.injectInbound({ userId: OLD_LOGIN.userId }).map(faxIdOf);
		this.mark('fax after the switch injected');
	}

	lastDone(sink: Sink): boolean {
		const done =
			idsAt(sink, 'twoPollTimes').length >= this.slowFaxes.length &&
			allAt(sink, 'accountSwitch', this.afterSwitch);
		if (done) this.mark('last faxes emitted', true);
		return done;
	}

	/** `n8nLog`: the text of n8n's log, where the trigger says what it left behind. */
	checks(sink: Sink, main: Emulator, n8nLog: string): Array<{ title: string; body: () => void }> {
		return [
			{
				title:
					'Trigger: two Poll Times entries that fire together, on a slow service: each fax once',
				body: () => {
					events.assertEachOnce(sink, 'twoPollTimes', this.slowFaxes);
					// Without it the two entries never overlapped, and the case proved nothing.
					assert.match(
						n8nLog,
						/"Two Poll Times": the previous poll is still running/,
						"n8n's log says a poll of the two entries ended because the other was running",
					);
				},
			},
			{
				title: `Trigger: a backlog of ${BACKLOG} faxes read through one paging key per search, inbound answers without HasMoreResults: each fax once`,
				body: () => {
					events.assertBacklogOnce(sink, 'sessionCursor', this.backlog);
					const keys = this.session.control
						.requests({ method: 'GET', path: '^/v1/inboundfaxes$' })
						.map((r) => r.params.GetNextResults)
						.filter((key) => typeof key === 'string' && key !== '');
					assert.ok(
						new Set(keys).size < keys.length,
						`the service sent one key for several pages: ${keys.join(', ')}`,
					);
				},
			},
			{
				title:
					'Trigger: a fax whose image cannot be downloaded, and one whose image never answers, come once with their errors, the faxes after them with their images',
				body: () => {
					const emitted = eventsAt(sink, 'imageError');
					const ids = idsAt(sink, 'imageError');
					events.assertOnce(ids);
					for (const id of [this.brokenImage, this.silentImage, ...this.afterBroken])
						assert.ok(ids.includes(id), `fax ${id} emitted (got ${ids.join(', ')})`);
					const of = (id: number) => emitted.find((r) => Number(r.faxId) === id)!;
					const broken = of(this.brokenImage);
					assert.equal(broken.hasImage, false, 'no image on the fax whose download failed');
					assert.ok(
						broken.imageError,
						`an imageError on fax ${this.brokenImage}: ${JSON.stringify(broken)}`,
					);
					const silent = of(this.silentImage);
					assert.deepEqual(
						[silent.hasImage, /did not send the image within/.test(String(silent.imageError))],
						[false, true],
						`fax ${this.silentImage}, its image never answered: ${JSON.stringify(silent)}`,
					);
					for (const event of this.afterBroken.map(of)) {
						assert.deepEqual(
							[event.hasImage, event.mimeType, event.imageError ?? null],
							[true, 'application/pdf', null],
							`fax ${String(event.faxId)}: ${JSON.stringify(event)}`,
						);
					}
				},
			},
			{
				title:
					'Trigger: a credential switched to another account: no mark of the old account’s faxes reaches the new one, no fax twice',
				body: () => {
					// Retries given up before the switch would leave nothing to send with the new login.
					const attempts = this.markAttempts(main);
					assert.ok(
						attempts.every((n) => n >= 1 && n < MARK_ATTEMPTS),
						`the old account's marks failed and were still to be retried at the switch (attempts: ${attempts.join(', ')})`,
					);
					const marks = this.newAccountRequests(main)
						.filter((r) => r.method === 'PUT' && /^\/v1\/inboundfaxes\/\d+$/.test(r.path))
						.map((r) => Number(r.path.split('/').at(-1)));
					const oldMarks = marks.filter((id) => !this.afterSwitch.includes(id));
					const sentWith = `marks sent with ${NEW_LOGIN.userId} for faxes of ${OLD_LOGIN.userId}'s polls`;
					assert.deepEqual(oldMarks, [], sentWith);
					const { oldAccountFaxes, afterSwitch } = this;
					events.assertEachOnce(sink, 'accountSwitch', [...oldAccountFaxes, ...afterSwitch]);
					assert.match(
						n8nLog,
						new RegExp(`left behind: ${this.markFails.length} Mark as Retrieved retries`),
						"n8n's log says how many retries the account change left behind",
					);
				},
			},
		];
	}

	async close(): Promise<void> {
		await this.slow.close();
		await this.session.close();
	}
}

import type { IDataObject } from 'n8n-workflow';

import { loadSeed } from '../../../emulator/seed-data';
import { SecretWatch } from '../../harness/jest/fault-helpers';
import { credentialsFor, SEED_USERS } from '../../harness/jest/emulator';
import { pollTrigger } from '../../harness/jest/poll';
import { inboundIds, stateAccount } from '../../harness/jest/ground-truth';
import { triggerNode } from '../../harness/jest/trigger-kit';
import { useTriggerEmulator, receive, faxIds } from './triggerHelpers';

/**
 * The trigger's state belongs to one account: the base URL and the login of its credential. Fax
 * IDs and event times of another account mean other faxes.
 */

// The emulator reads its users from this object on every request: a test can change a password
// on the service side, as its administrator would.
const seed = loadSeed();
const emu = useTriggerEmulator({ seed });
const alice = seed.users.find((user) => user.userId === SEED_USERS.alice.userId)!;

afterEach(() => {
	alice.password = SEED_USERS.alice.password;
});

/** A trigger whose credential the test edits between polls, as a user does in n8n. */
function watchWithCredential(parameters: IDataObject) {
	const credentials = credentialsFor(emu, 'alice');
	const trigger = pollTrigger({ node: triggerNode, parameters, credentials });
	return { emu, trigger, credential: credentials.faxCloudApi! };
}

/**
 * Alice's Mark as Retrieved trigger with three marks queued: three new faxes emitted by a poll
 * whose marks all failed, the start of both account changes.
 */
async function withThreeQueuedMarks() {
	const watched = watchWithCredential({ event: 'newInboundFax', markAsRetrieved: true });
	const { emu, trigger } = watched;
	await trigger.poll();
	emu.control.advance(60_000);
	const faxes = receive(emu, 3);
	emu.control.addFault({ method: 'PUT', path: '^/v1/inboundfaxes/', kind: 'http500', count: 3 });
	const emitted = await trigger.pollItems();
	expect(trigger.staticData().marks).toHaveLength(3);
	return { ...watched, faxes, emitted };
}

const markRequests = (userId: string) =>
	emu.control.requests({ method: 'PUT', path: '^/v1/inboundfaxes/', userId });

describe('Fax Cloud Trigger: the state belongs to the credential’s account', () => {
	test('a password change (same login): the next polls emit exactly the new faxes, and queued marks are still sent', async () => {
		const { emu, trigger, credential, faxes: before, emitted } = await withThreeQueuedMarks();
		expect(inboundIds(emitted)).toEqual(faxIds(before));

		// The password is changed on the service first: a poll fails and changes nothing.
		alice.password = 'alice-new-pass-2';
		const kept = trigger.staticData();
		await expect(trigger.poll()).rejects.toThrow(/401/);
		expect(trigger.staticData()).toEqual(kept);

		// Then in the credential.
		credential.password = 'alice-new-pass-2';
		emu.control.advance(60_000);
		const after = receive(emu, 2);
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(after));
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		expect(trigger.staticData().account).toBe(stateAccount(emu));
		expect(emu.control.inboundAll().every((fax) => fax.Mark === 'true')).toBe(true);
	});

	test('a switch to another login starts afresh: no queued mark reaches the new account, nothing from before is emitted', async () => {
		const { emu, trigger, credential, faxes: alicesFaxes } = await withThreeQueuedMarks();
		// Faxes the other account received before the switch are its past.
		emu.control.advance(60_000);
		emu.control.injectInbound({ userId: 'carol@globex', count: 2 });

		credential.userId = SEED_USERS.carol.userId;
		credential.password = SEED_USERS.carol.password;
		const watch = new SecretWatch([SEED_USERS.alice.password, SEED_USERS.carol.password]);
		watch.startCapture();
		try {
			expect(await trigger.poll()).toBeNull();
		} finally {
			watch.stopCapture();
		}
		expect(markRequests('carol@globex')).toEqual([]);
		expect(trigger.staticData().marks).toBeUndefined();
		expect(trigger.staticData().account).toBe(stateAccount(emu, 'carol'));
		expect(watch.logLines.join('\n')).toMatch(
			/another account .* left behind: 3 Mark as Retrieved retries and 0 mail merge jobs/,
		);

		emu.control.advance(60_000);
		const [next] = emu.control.injectInbound({ userId: 'carol@globex' });
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
		expect(markRequests('carol@globex').map((request) => request.path)).toEqual([
			`/v1/inboundfaxes/${next.FaxId}`,
		]);
		// Alice's faxes were never marked by another login.
		const marked = emu.control.inboundAll().filter((fax) => fax.Mark === 'true');
		expect(marked.map((fax) => fax.FaxId)).toEqual([next.FaxId]);
		expect(alicesFaxes.every((fax) => fax.FaxId !== next.FaxId)).toBe(true);
	});

	test('a state saved before accounts were kept continues with the current account', async () => {
		const { emu, trigger } = watchWithCredential({ event: 'newInboundFax' });
		await trigger.poll();
		const withoutAccount = trigger.staticData();
		delete withoutAccount.account;
		trigger.setStaticData(withoutAccount);
		emu.control.advance(60_000);
		const faxes = receive(emu, 2);
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(faxes));
		expect(trigger.staticData().account).toBe(stateAccount(emu));
	});
});

/** What the suite does in a running n8n as a user in the editor would, and the credentials it imports. */
import type { Emulator } from '../../../emulator';
import { faxCredential, type Login } from '../../harness/n8n/credentials';
import type { RunOutcome } from '../../harness/n8n/manual-runs';
import type { N8nServer } from '../../harness/n8n/n8n-server';

/** Gives a Fax Cloud API credential another login, as saving it in the editor does (1.x and 2.x). */
export async function changeFaxLogin(
	server: N8nServer,
	credential: { id: string; name: string },
	login: Login,
	urls: Emulator['urls'],
): Promise<void> {
	const { id, ...body } = faxCredential(credential.id, credential.name, login, urls);
	await server.rest('PATCH', `/credentials/${id}`, body);
}

export function mustSucceed(
	outcome: RunOutcome,
	what = 'the workflow',
): asserts outcome is Extract<RunOutcome, { ok: true }> {
	if (!outcome.ok) throw new Error(`${what} failed:\n${outcome.error}`);
}

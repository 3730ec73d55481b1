import type { Emulator } from '../../../emulator';
import type { Login } from '../../harness/n8n/credentials';
import type { N8nServer } from '../../harness/n8n/n8n-server';

/**
 * Gives a Fax Cloud API credential another login through n8n's REST API, as a user saving the
 * credential in the editor does (the same call on n8n 1.x and 2.x).
 */
export async function changeFaxLogin(
	server: N8nServer,
	credential: { id: string; name: string },
	login: Login,
	urls: Emulator['urls'],
): Promise<void> {
	await server.rest('PATCH', `/credentials/${credential.id}`, {
		name: credential.name,
		type: 'faxCloudApi',
		data: { ...login, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
	});
}

import type { IExecuteFunctions } from 'n8n-workflow';

import { boundaryOf, parseMultipart } from '../../../emulator/http/multipart';
import { faxCloudRequest } from '../../../nodes/shared/transport/exchanges';
import { apiPath } from '../../../nodes/shared/transport/httpEncoding';
import { callHelper, credentials, OK } from '../../harness/jest/helper-call';
import { sendJson, useScriptedServers } from '../../harness/jest/scripted-server';

const scripted = useScriptedServers();

/**
 * The transport draws the random part of its multipart boundaries once and counts requests:
 * every request must still get a boundary of its own, and a file holding an earlier request's
 * boundary must arrive whole.
 */
test('each multipart request has its own boundary, and a file holding an earlier one arrives whole', async () => {
	const server = await scripted((_request, _number, response) =>
		sendJson(response, 201, { ...OK, FaxInfo: [{ FaxId: 1 }] }),
	);
	const send = (context: IExecuteFunctions, text: string) =>
		faxCloudRequest.call(context, {
			api: 'fax',
			method: 'POST',
			path: apiPath('outboundfaxes'),
			multipart: {
				fields: { FaxNumber: '12125550100' },
				files: [
					{ field: 'file1', data: Buffer.from(text), fileName: 'a.txt', mimeType: 'text/plain' },
				],
			},
		});
	const boundaryIn = (index: number) =>
		boundaryOf(String(server.received[index].headers['content-type']))!;
	const { error } = await callHelper(credentials(server.url), async function () {
		await send(this, 'first');
		// The second file holds the first request's boundary as a line of its own.
		await send(this, `--${boundaryIn(0)}\r\nnot a part`);
		await send(this, 'third');
	});

	expect(error).toBeUndefined();
	const boundaries = [0, 1, 2].map(boundaryIn);
	expect(new Set(boundaries).size).toBe(3);
	const files = [0, 1, 2].map((index) =>
		parseMultipart(server.received[index].body, boundaries[index])
			.filter((part) => part.name === 'file1')
			.map((part) => part.data.toString()),
	);
	expect(files).toEqual([['first'], [`--${boundaries[0]}\r\nnot a part`], ['third']]);
});

// The entries of the transport: one JSON request, one fax image download (paging.ts pages).
import type { IDataObject } from 'n8n-workflow';

import type { FaxCloudDownload } from './answerReading';
import { readDownload, readJson } from './answerReading';
import type { FaxCloudContext } from './faxCloudInterfaces';
import { withGetRetries } from './getRetries';
import type { FaxCloudRequest } from './requestBuilding';
import { sendOnce } from './requestBuilding';

/** One JSON request to any of the three interfaces, with the RequestStatus check and retries of GETs. */
export async function faxCloudRequest(
	this: FaxCloudContext,
	request: FaxCloudRequest,
): Promise<IDataObject> {
	return await withGetRetries(this, request, async () =>
		readJson(this, request, await sendOnce.call(this, request, 'arraybuffer')),
	);
}

/** A binary download (fax image); the body stays a stream so large images are never held in memory. */
export async function faxCloudDownload(
	this: FaxCloudContext,
	request: FaxCloudRequest,
): Promise<FaxCloudDownload> {
	return await withGetRetries(
		this,
		request,
		async () => await readDownload(this, request, await sendOnce.call(this, request, 'stream')),
	);
}

import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import type { FaxDirection } from './faxDirections';
import { FAX_DIRECTIONS } from './faxDirections';
import { faxCloudDownload } from './transport/exchanges';
import { apiPath } from './transport/httpEncoding';

/** The formats the service renders a fax image in, as its FaxContentType values. */
export const FAX_IMAGE_FORMATS = ['pdf', 'tif'] as const;
export type FaxImageFormat = (typeof FAX_IMAGE_FORMATS)[number];

const MIME_TYPE_OF: Record<FaxImageFormat, string> = { pdf: 'application/pdf', tif: 'image/tiff' };

type BinaryInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/**
 * The image of one fax as n8n binary data (the action node's Download, the trigger's Attach Fax
 * Image). The answer is handed to n8n as a stream, so a large image is never held in memory.
 */
export async function downloadFaxImage(
	this: IExecuteFunctions | IPollFunctions,
	direction: FaxDirection,
	faxId: string,
	format: FaxImageFormat,
	options: { fileName?: string; itemIndex?: number } = {},
): Promise<IBinaryData> {
	const download = await faxCloudDownload.call(this, {
		api: 'fax',
		method: 'GET',
		path: apiPath(FAX_DIRECTIONS[direction].collection, faxId, 'image'),
		// The description names the parameter FaxContentType, an overview table ContentType.
		query: { FaxContentType: format, ContentType: format },
		// The image endpoints answer the file itself; a client asking for JSON may be refused (406).
		accept: MIME_TYPE_OF[format],
		itemIndex: options.itemIndex,
	});
	const mimeType =
		download.mimeType && download.mimeType !== 'application/octet-stream'
			? download.mimeType
			: MIME_TYPE_OF[format];
	return await this.helpers.prepareBinaryData(
		download.body as unknown as BinaryInput,
		options.fileName || download.fileName || `fax-${faxId}.${format}`,
		mimeType,
	);
}

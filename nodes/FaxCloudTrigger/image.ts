import type { IBinaryKeyData, IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { faxCloudDownload } from '../shared/transport';
import { invalidParameter, validateChoice } from '../shared/validation';
import { apiPath } from '../shared/wire';
import type { FaxKind } from './events/faxKinds';

const FORMATS = ['none', 'pdf', 'tif'] as const;
type ImageFormat = Exclude<(typeof FORMATS)[number], 'none'>;

const MIME_TYPE_OF: Record<ImageFormat, string> = { pdf: 'application/pdf', tif: 'image/tiff' };

export interface ImageSettings {
	format: ImageFormat;
	binaryPropertyName: string;
}

/** Image parameters of a fax event, shown for the given event values. */
export function imageParameters(events: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Attach Fax Image',
			name: 'attachImage',
			type: 'options',
			displayOptions: { show: { event: events } },
			options: [
				{ name: 'No', value: 'none', description: 'Only the fax record' },
				{
					name: 'As PDF',
					value: 'pdf',
					description: 'The fax as a PDF document (application/pdf)',
				},
				{ name: 'As TIFF', value: 'tif', description: 'The fax as a TIFF image (image/tiff)' },
			],
			default: 'none',
			description: 'Whether to download the fax image with each event, as a binary file',
		},
		{
			displayName: 'Put Image in Field',
			name: 'binaryPropertyName',
			type: 'string',
			displayOptions: { show: { event: events, attachImage: ['pdf', 'tif'] } },
			default: 'data',
			hint: 'The name of the output binary field to put the fax image in',
		},
	];
}

export function readImageSettings(this: IPollFunctions): ImageSettings | undefined {
	const format = validateChoice(
		this,
		this.getNodeParameter('attachImage', 'none'),
		'Attach Fax Image',
		FORMATS,
	);
	if (format === 'none') return undefined;
	const binaryPropertyName = String(this.getNodeParameter('binaryPropertyName', 'data')).trim();
	if (!binaryPropertyName) {
		throw invalidParameter(
			this,
			'Put Image in Field',
			'enter the name of the binary field for the fax image, e.g. data',
		);
	}
	return { format, binaryPropertyName };
}

type BinaryInput = Parameters<IPollFunctions['helpers']['prepareBinaryData']>[0];

/** Downloads the image of one fax into a binary field (PDF or TIFF, as the service renders it). */
export async function downloadFaxImage(
	this: IPollFunctions,
	kind: FaxKind,
	fax: IDataObject,
	settings: ImageSettings,
): Promise<IBinaryKeyData> {
	const faxId = String(fax.FaxId);
	const download = await faxCloudDownload.call(this, {
		api: 'fax',
		method: 'GET',
		path: apiPath(kind.collection, faxId, 'image'),
		// The description names the parameter FaxContentType, an overview table ContentType.
		query: { FaxContentType: settings.format, ContentType: settings.format },
		// The image endpoints answer the file itself; a client asking for JSON may be refused (406).
		accept: MIME_TYPE_OF[settings.format],
	});
	const mimeType =
		download.mimeType && download.mimeType !== 'application/octet-stream'
			? download.mimeType
			: MIME_TYPE_OF[settings.format];
	const binaryData = await this.helpers.prepareBinaryData(
		download.body as unknown as BinaryInput,
		download.fileName ?? `fax-${faxId}.${settings.format}`,
		mimeType,
	);
	return { [settings.binaryPropertyName]: binaryData };
}

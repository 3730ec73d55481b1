import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxCloudDownload } from '../../../shared/transport';
import { invalidParameter, validateChoice } from '../../../shared/validation';
import { apiPath } from '../../../shared/wire';
import type { FaxDirection } from './direction';
import { DIRECTIONS } from './direction';
import { faxIdParameter, readFaxId } from './faxId';
import { requestsAtOnceOption } from './requestsAtOnce';

const FORMATS = ['pdf', 'tif'] as const;
type ImageFormat = (typeof FORMATS)[number];

const MIME_TYPE_OF: Record<ImageFormat, string> = { pdf: 'application/pdf', tif: 'image/tiff' };

type BinaryInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

export function downloadFaxOperation(direction: FaxDirection) {
	const info = DIRECTIONS[direction];
	const description = updateDisplayOptions(
		{ show: { resource: [info.resource], operation: ['download'] } },
		[
			faxIdParameter(direction),
			{
				displayName: 'File Format',
				name: 'format',
				type: 'options',
				options: [
					{ name: 'PDF', value: 'pdf', description: 'A PDF document (application/pdf)' },
					{ name: 'TIFF', value: 'tif', description: 'A fax TIFF image (image/tiff)' },
				],
				default: 'pdf',
				description: 'Format of the fax image to download',
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				required: true,
				default: 'data',
				hint: 'The name of the output binary field to put the file in',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'File Name',
						name: 'fileName',
						type: 'string',
						default: '',
						placeholder: 'e.g. invoice-1234.pdf',
						description:
							'Name of the output file; leave empty to use the name the service gives (fax-ID.pdf or fax-ID.tif)',
					},
					requestsAtOnceOption,
				],
			},
		],
	);

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<INodeExecutionData[]> {
		const faxId = readFaxId.call(this, itemIndex);
		const format = validateChoice(
			this,
			this.getNodeParameter('format', itemIndex),
			'File Format',
			FORMATS,
			itemIndex,
		);
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex) ?? '').trim();
		if (!property) {
			throw invalidParameter(
				this,
				'Put Output File in Field',
				'enter the name of the binary field for the file, e.g. data',
				itemIndex,
			);
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const download = await faxCloudDownload.call(this, {
			api: 'fax',
			method: 'GET',
			path: apiPath(info.collection, faxId, 'image'),
			// The description names the parameter FaxContentType, an overview table ContentType.
			query: { FaxContentType: format, ContentType: format },
			// The image endpoints answer the file itself; a client asking for JSON may be refused (406).
			accept: MIME_TYPE_OF[format],
			itemIndex,
		});
		const mimeType =
			download.mimeType && download.mimeType !== 'application/octet-stream'
				? download.mimeType
				: MIME_TYPE_OF[format];
		const fileName =
			String(options.fileName ?? '').trim() || download.fileName || `fax-${faxId}.${format}`;
		const binaryData = await this.helpers.prepareBinaryData(
			download.body as unknown as BinaryInput,
			fileName,
			mimeType,
		);
		const input = this.getInputData()[itemIndex];
		return [
			{
				json: { ...input.json },
				binary: { ...(input.binary ?? {}), [property]: binaryData },
			},
		];
	}

	return { description, execute };
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';
import type { FaxDirection } from '../../../shared/faxDirections';
import { downloadFaxImage, FAX_IMAGE_FORMATS } from '../../../shared/faxImage';
import { textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { validateChoice } from '../../../shared/validation/valueChecks';
import { readFaxId } from './faxId';
import { fetchFax } from './getFax';
import { requestsAtOnceOption } from './requestsAtOnce';
import { nodeVersionOf } from '../../../shared/nodeVersions';

/** The parameters of Download after the Fax ID: the format, the output field and Options. */
export const downloadFaxParameters: INodeProperties[] = [
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
		...OPTIONS_COLLECTION,
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
];

/** Download of either fax resource: the fax image as PDF or TIFF into a binary field. */
export async function downloadFax(
	this: IExecuteFunctions,
	direction: FaxDirection,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const faxId = readFaxId.call(this, itemIndex);
	const format = validateChoice(
		this,
		this.getNodeParameter('format', itemIndex),
		'File Format',
		FAX_IMAGE_FORMATS,
		itemIndex,
	);
	const property = textOf(this.getNodeParameter('binaryPropertyName', itemIndex));
	if (!property) {
		throw invalidParameter(
			this,
			'Put Output File in Field',
			'enter the name of the binary field for the file, e.g. data',
			itemIndex,
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const binaryData = await downloadFaxImage.call(this, direction, faxId, format, {
		fileName: textOf(options.fileName),
		itemIndex,
	});
	const input = this.getInputData()[itemIndex];
	// Version 1 passed the input's json through; from version 2 the item says which fax the
	// file is (its record, read before the download), as a user filing it needs.
	const json =
		nodeVersionOf(this) < 2
			? { ...input.json }
			: await fetchFax.call(this, direction, faxId, itemIndex);
	return [
		{
			json,
			binary: { ...(input.binary ?? {}), [property]: binaryData },
		},
	];
}

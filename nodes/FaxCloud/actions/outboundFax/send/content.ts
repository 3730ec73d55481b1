import type { IBinaryData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { commaList } from '../../../../shared/parameterText';
import { readItemParameter } from '../../../../shared/runParameters';
import { invalidParameter } from '../../../../shared/validation/parameterErrors';
import type { FilePart } from '../../../../shared/transport/httpEncoding';
import { requireBinaryField } from '../../common/binaryInput';

const BINARY_FIELDS_LABEL = 'Input Binary Field(s)';
const TEXT_LABEL = 'Text';
const TEXT_FILE_NAME = 'fax.txt';

export const contentProperties: INodeProperties[] = [
	{
		displayName: 'Fax Content',
		name: 'content',
		type: 'options',
		options: [
			{
				name: 'Binary Files From Input',
				value: 'binary',
				description:
					'Documents (PDF, TIFF, images, office files) in binary fields of the input item',
			},
			{
				name: 'Text',
				value: 'text',
				description: 'Text entered here, faxed as text pages',
			},
		],
		default: 'binary',
		description: 'What to fax',
	},
	{
		displayName: BINARY_FIELDS_LABEL,
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { content: ['binary'] } },
		placeholder: 'e.g. data, attachment',
		hint: 'The name of the input binary field(s) with the documents to fax; separate several with commas',
		description: 'Each field becomes one attachment, faxed in the order given',
	},
	{
		displayName: TEXT_LABEL,
		name: 'text',
		type: 'string',
		typeOptions: { rows: 6 },
		default: '',
		required: true,
		displayOptions: { show: { content: ['text'] } },
		description: 'Text to fax; the service lays it out on as many pages as needed',
	},
];

export type ContentSource = { kind: 'text'; text: string } | { kind: 'binary'; fields: string[] };

/** What one item will fax, checked without reading any file (so every item can be checked first). */
export function readContentSource(this: IExecuteFunctions, itemIndex: number): ContentSource {
	const content = readItemParameter.call(this, 'content', itemIndex, 'binary') as string;
	if (content === 'text') {
		const text = String(readItemParameter.call(this, 'text', itemIndex, '') ?? '');
		if (text.trim() === '') {
			throw invalidParameter(this, TEXT_LABEL, 'enter the text to fax', itemIndex);
		}
		return { kind: 'text', text };
	}
	const fields = commaList(readItemParameter.call(this, 'binaryPropertyName', itemIndex, 'data'));
	if (fields.length === 0) {
		throw invalidParameter(
			this,
			BINARY_FIELDS_LABEL,
			'enter the name of the binary field holding the document, e.g. data',
			itemIndex,
		);
	}
	for (const field of fields) {
		requireBinaryField.call(
			this,
			itemIndex,
			field,
			BINARY_FIELDS_LABEL,
			'reads or downloads the document',
		);
	}
	return { kind: 'binary', fields };
}

function fileNameOf(field: string, binary: IBinaryData): string {
	if (binary.fileName) return binary.fileName;
	return binary.fileExtension ? `${field}.${binary.fileExtension}` : field;
}

/** The attachments of one item as multipart file parts, in the order the user listed them. */
export async function readAttachments(
	this: IExecuteFunctions,
	itemIndex: number,
	source: ContentSource,
): Promise<FilePart[]> {
	if (source.kind === 'text') {
		return [
			{
				field: 'file1',
				data: Buffer.from(source.text, 'utf8'),
				fileName: TEXT_FILE_NAME,
				mimeType: 'text/plain',
			},
		];
	}
	const binary = this.getInputData()[itemIndex].binary ?? {};
	const parts: FilePart[] = [];
	for (let position = 0; position < source.fields.length; position++) {
		const field = source.fields[position];
		parts.push({
			field: `file${position + 1}`,
			data: await this.helpers.getBinaryDataBuffer(itemIndex, field),
			fileName: fileNameOf(field, binary[field]),
			mimeType: binary[field].mimeType || 'application/octet-stream',
		});
	}
	return parts;
}

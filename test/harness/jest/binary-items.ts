import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

export interface BinaryFile {
	data: Buffer | string;
	mimeType: string;
	fileName?: string;
}

/** An input item carrying files in binary fields, as a Read File node would give. */
export function itemWithFiles(
	files: Record<string, BinaryFile>,
	json: IDataObject = {},
): INodeExecutionData {
	const binary: INodeExecutionData['binary'] = {};
	for (const [field, file] of Object.entries(files)) {
		const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
		binary[field] = {
			data: data.toString('base64'),
			mimeType: file.mimeType,
			fileName: file.fileName,
			fileExtension: file.fileName?.split('.').pop(),
		};
	}
	return { json, binary };
}

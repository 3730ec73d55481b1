import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { invalidParameter } from '../../../shared/validation/parameterErrors';
import type { FilePart } from '../../../shared/transport/httpEncoding';

/**
 * The item's binary field, checked before any file is read or sent. The error names the parameter
 * and lists the fields the item has; `source` says which node would provide the file ("reads or
 * downloads the document").
 */
export function requireBinaryField(
	this: IExecuteFunctions,
	itemIndex: number,
	field: string,
	label: string,
	source: string,
): IBinaryData {
	const binary = this.getInputData()[itemIndex]?.binary;
	const data = field ? binary?.[field] : undefined;
	if (data) return data;
	const names = Object.keys(binary ?? {});
	throw invalidParameter(
		this,
		label,
		field ? `item ${itemIndex} has no binary field "${field}"` : 'enter a binary field name',
		itemIndex,
		names.length === 0
			? `The input item has no binary data: add a node that ${source} before this one.`
			: `The input item has these binary fields: ${names.join(', ')}.`,
	);
}

export interface PdfPart {
	/** Binary field of the input item. */
	field: string;
	/** Parameter that names the field, for messages. */
	label: string;
	/** Name of the multipart part the PDF is sent as. */
	part: string;
	/** File name when the binary data has none. */
	fallbackName: string;
	/** What a user should send instead, when the file is not a PDF. */
	advice: string;
	/** Which node would provide the file, for a missing field. */
	source: string;
}

/** A PDF of the input item as a multipart part; anything else is refused before it is sent. */
export async function readPdfPart(
	this: IExecuteFunctions,
	itemIndex: number,
	pdf: PdfPart,
): Promise<FilePart> {
	const binary = requireBinaryField.call(this, itemIndex, pdf.field, pdf.label, pdf.source);
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, pdf.field);
	const fileName = binary.fileName || pdf.fallbackName;
	if (data.subarray(0, 5).toString('latin1') !== '%PDF-') {
		throw invalidParameter(
			this,
			pdf.label,
			`the file "${fileName}" is not a PDF (${binary.mimeType || 'unknown type'})`,
			itemIndex,
			pdf.advice,
		);
	}
	return { field: pdf.part, data, fileName, mimeType: 'application/pdf' };
}

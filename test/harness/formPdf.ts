import { PDFDocument } from 'pdf-lib';

/**
 * A one-page PDF form with one text field per name, the template of a mail merge job: the jest
 * suites upload it through the node, the bench through n8n.
 */
export async function formPdf(fieldNames: string[]): Promise<Buffer> {
	const doc = await PDFDocument.create();
	const page = doc.addPage([612, 792]);
	const form = doc.getForm();
	for (const [index, name] of fieldNames.entries()) {
		form
			.createTextField(name)
			.addToPage(page, { x: 50, y: 700 - index * 30, width: 300, height: 20 });
	}
	return Buffer.from(await doc.save());
}

import { PDFDocument } from 'pdf-lib';

/**
 * A US-letter PDF with one page per text, the text written near the top (an empty text leaves its
 * page blank): a fax's document, a number port's letter, a template with no form field.
 */
export async function textPdf(pages: string[]): Promise<Buffer> {
	const doc = await PDFDocument.create();
	for (const text of pages) {
		const page = doc.addPage([612, 792]);
		if (text) page.drawText(text, { x: 50, y: 700 });
	}
	return Buffer.from(await doc.save());
}

/** A PDF of `count` pages, each saying its number ("Page 1", "Page 2", …). */
export const numberedPdf = (count: number): Promise<Buffer> =>
	textPdf(Array.from({ length: count }, (_, index) => `Page ${index + 1}`));

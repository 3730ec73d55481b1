import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { buildFaxTiff } from './tiff';
import type { InboundFax, OutboundFax } from './records';

const LETTER: [number, number] = [612, 792];

function writeLines(page: PDFPage, font: PDFFont, lines: string[], top = 720, size = 12): void {
	let y = top;
	for (const line of lines) {
		// Helvetica's WinAnsi encoding cannot draw every character a client may send.
		const safe = line.replace(/[^\x20-\x7e]/g, '?').slice(0, 95);
		page.drawText(safe, { x: 54, y, size, font, color: rgb(0, 0, 0) });
		y -= size * 1.5;
	}
}

async function mergedTemplate(fax: OutboundFax): Promise<PDFDocument | undefined> {
	if (!fax.merge) return undefined;
	const doc = await PDFDocument.load(fax.merge.template, { ignoreEncryption: true });
	const form = doc.getForm();
	for (const field of form.getFields()) {
		const value = fax.merge.values[field.getName()];
		if (value === undefined) continue;
		try {
			form.getTextField(field.getName()).setText(value);
		} catch {
			// Not a text field (check box, barcode image field): left as designed.
		}
	}
	try {
		form.flatten();
	} catch {
		// Some templates cannot be flattened; the filled form is still a valid image.
	}
	return doc;
}

/** The fax as sent: cover page, then each attachment (PDF pages copied, others rendered). */
export async function outboundPdf(fax: OutboundFax): Promise<Buffer> {
	const out = await PDFDocument.create();
	const font = await out.embedFont(StandardFonts.Helvetica);
	const bold = await out.embedFont(StandardFonts.HelveticaBold);
	if (fax.coverPageEnabled) {
		const page = out.addPage(LETTER);
		writeLines(page, bold, ['FAX'], 730, 28);
		const r = fax.recipient;
		writeLines(
			page,
			font,
			[
				`Cover page: ${fax.coverPageName || 'default'}`,
				`To: ${r?.RcptName ?? ''} ${r?.RcptCompany ? `(${r.RcptCompany})` : ''}`,
				`Fax: ${fax.faxNumber}`,
				`From: ${fax.userId}`,
				`Pages: ${fax.pagesTotal}`,
				'',
				...fax.coverMessage.split(/\r?\n/),
				...Object.entries(fax.coverFields).map(([k, v]) => `${k}: ${v}`),
			],
			680,
		);
	}
	const merged = await mergedTemplate(fax);
	if (merged) {
		const pages = await out.copyPages(merged, merged.getPageIndices());
		for (const p of pages) out.addPage(p);
	}
	for (const doc of fax.documents) {
		if (doc.kind === 'pdf') {
			try {
				const src = await PDFDocument.load(doc.data, { ignoreEncryption: true });
				const pages = await out.copyPages(src, src.getPageIndices());
				for (const p of pages) out.addPage(p);
				continue;
			} catch {
				// Encrypted or odd PDFs are rendered as placeholder pages below.
			}
		}
		const text = doc.kind === 'text' ? doc.data.toString('utf8').split(/\r?\n/) : [];
		for (let i = 0; i < Math.max(1, doc.pages); i++) {
			const page = out.addPage(LETTER);
			const body = text.length > 0 ? text.slice(i * 46, (i + 1) * 46) : [];
			writeLines(page, bold, [`${doc.filename} - page ${i + 1} of ${doc.pages}`], 740, 10);
			writeLines(page, font, body.length > 0 ? body : [`[${doc.kind} content]`], 710, 10);
		}
	}
	if (out.getPageCount() === 0) {
		const page = out.addPage(LETTER);
		writeLines(page, font, [`Fax ${fax.id} to ${fax.faxNumber}`, `${fax.pagesTotal} page(s)`]);
	}
	return Buffer.from(await out.save());
}

export async function inboundPdf(fax: InboundFax): Promise<Buffer> {
	const out = await PDFDocument.create();
	const font = await out.embedFont(StandardFonts.Helvetica);
	const count = Math.max(1, fax.pagesReceived);
	for (let i = 0; i < count; i++) {
		const page = out.addPage(LETTER);
		writeLines(page, font, [`${fax.tsi}    ${fax.callerNumber}    page ${i + 1}/${count}`], 770, 9);
		writeLines(page, font, [
			`Incoming fax ${fax.id} for ${fax.userId}`,
			`Received on ${fax.destFaxNumber} from ${fax.callerNumber}`,
			`Page ${i + 1} of ${count}`,
		]);
	}
	return Buffer.from(await out.save());
}

export function outboundTiff(fax: OutboundFax): Buffer {
	return buildFaxTiff(fax.pagesTotal, fax.faxQuality === 'high' ? 'high' : 'low');
}

export function inboundTiff(fax: InboundFax): Buffer {
	return buildFaxTiff(fax.pagesReceived);
}

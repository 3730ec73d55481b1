import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Params } from '../http/params';
import type { Reply } from '../http/reply';
import type { InboundFax, OutboundFax } from './records';
import { ApiError } from './status-codes';

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

async function appendPages(out: PDFDocument, from: PDFDocument): Promise<void> {
	for (const page of await out.copyPages(from, from.getPageIndices())) out.addPage(page);
}

/** The fax as sent: cover page, then each attachment (PDF pages copied, others rendered). */
async function outboundPdf(fax: OutboundFax): Promise<Buffer> {
	const out = await PDFDocument.create();
	const font = await out.embedFont(StandardFonts.Helvetica);
	const bold = await out.embedFont(StandardFonts.HelveticaBold);
	if (fax.coverPageEnabled) {
		const page = out.addPage(LETTER);
		writeLines(page, bold, ['FAX'], 730, 28);
		const r = fax.recipient;
		const lines = [
			`Cover page: ${fax.coverPageName || 'default'}`,
			`To: ${r?.RcptName ?? ''} ${r?.RcptCompany ? `(${r.RcptCompany})` : ''}`,
			`Fax: ${fax.faxNumber}`,
			`From: ${fax.userId}`,
			`Pages: ${fax.pagesTotal}`,
			'',
			...fax.coverMessage.split(/\r?\n/),
			...Object.entries(fax.coverFields).map(([k, v]) => `${k}: ${v}`),
		];
		writeLines(page, font, lines, 680);
	}
	const merged = await mergedTemplate(fax);
	if (merged) await appendPages(out, merged);
	for (const doc of fax.documents) {
		if (doc.kind === 'pdf') {
			try {
				await appendPages(out, await PDFDocument.load(doc.data, { ignoreEncryption: true }));
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

async function inboundPdf(fax: InboundFax): Promise<Buffer> {
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

/**
 * A real multi-page bilevel fax TIFF (1728 pixels wide, PackBits, WhiteIsZero, 204×98 dpi) with a
 * few black bands per page so viewers show something.
 */
const WIDTH = 1728;
const ROW_BYTES = WIDTH / 8;

function packBitsRow(row: Buffer): Buffer {
	const out: number[] = [];
	let i = 0;
	while (i < row.length) {
		let run = 1;
		while (i + run < row.length && run < 128 && row[i + run] === row[i]) run++;
		if (run >= 2) {
			out.push(257 - run, row[i]);
			i += run;
			continue;
		}
		const start = i;
		let len = 0;
		while (i < row.length && len < 128 && !(i + 1 < row.length && row[i + 1] === row[i])) {
			i++;
			len++;
		}
		out.push(len - 1, ...row.subarray(start, start + len));
	}
	return Buffer.from(out);
}

function pageStrip(height: number, page: number): Buffer {
	const white = packBitsRow(Buffer.alloc(ROW_BYTES, 0));
	const black = packBitsRow(Buffer.alloc(ROW_BYTES, 0xff));
	const text = Buffer.alloc(ROW_BYTES, 0);
	for (let x = 20; x < ROW_BYTES - 20; x += 3) text[x] = 0xf0;
	const textRow = packBitsRow(text);
	const rows: Buffer[] = [];
	for (let y = 0; y < height; y++) {
		const band = Math.floor(y / 12);
		if (y >= 24 && y < 28) rows.push(black);
		else if (y > 60 && y < height - 60 && band % 3 === 0 && band % 7 !== page % 7)
			rows.push(textRow);
		else rows.push(white);
	}
	return Buffer.concat(rows);
}

const u32 = (...values: number[]): Buffer => {
	const b = Buffer.alloc(4 * values.length);
	values.forEach((v, i) => b.writeUInt32LE(v, 4 * i));
	return b;
};

function buildFaxTiff(pages: number): Buffer {
	const count = Math.max(1, pages);
	const height = 1100;
	const chunks = [Buffer.from('II*\0', 'latin1'), u32(0)];
	let offset = 8;
	const ifds: Array<{ at: number; ifd: Buffer }> = [];
	const strips = new Map<number, Buffer>();
	for (let p = 0; p < count; p++) {
		if (!strips.has(p % 7)) strips.set(p % 7, pageStrip(height, p));
		const strip = strips.get(p % 7) as Buffer;
		const pad = Buffer.alloc((offset + strip.length) % 2);
		const rationals = offset + strip.length + pad.length;
		// [tag, type, value]: one value each but PageNumber (297), two SHORTs: page and count.
		const entries = [
			[254, 4, 2],
			[256, 4, WIDTH],
			[257, 4, height],
			[258, 3, 1],
			[259, 3, 32773],
			[262, 3, 0],
			[266, 3, 1],
			[273, 4, offset],
			[277, 3, 1],
			[278, 4, height],
			[279, 4, strip.length],
			[282, 5, rationals],
			[283, 5, rationals + 8],
			[296, 3, 2],
			[297, 3, p + count * 65536],
		];
		const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
		ifd.writeUInt16LE(entries.length, 0);
		entries.forEach(([tag, type, value], i) => {
			ifd.writeUInt16LE(tag, 2 + i * 12);
			ifd.writeUInt16LE(type, 4 + i * 12);
			ifd.writeUInt32LE(tag === 297 ? 2 : 1, 6 + i * 12);
			ifd.writeUInt32LE(value, 10 + i * 12);
		});
		chunks.push(strip, pad, u32(204, 1, 98, 1), ifd);
		ifds.push({ at: rationals + 16, ifd });
		offset = rationals + 16 + ifd.length;
	}
	chunks[1] = u32(ifds[0].at);
	ifds.forEach(({ ifd }, p) => ifd.writeUInt32LE(ifds[p + 1]?.at ?? 0, ifd.length - 4));
	return Buffer.concat(chunks);
}

/** Padded images served lately, so a repeated download does not build 200 MB again (two kept). */
const recent = new Map<string, Buffer>();

/**
 * The image padded to `fax.imageBytes` (large-download benchmark; a shorter target leaves it): a
 * PDF reader ignores comment lines after `%%EOF`, a TIFF reader never reads past its directories.
 */
async function paddedImage(
	fax: OutboundFax | InboundFax,
	format: string,
	build: () => Promise<Buffer>,
) {
	const bytes = 'imageBytes' in fax ? fax.imageBytes : undefined;
	if (bytes === undefined) return await build();
	const key = `${fax.id}:${format}:${bytes}`;
	let image = recent.get(key);
	if (image) return image;
	image = await build();
	if (bytes > image.length) {
		const padded = Buffer.allocUnsafe(bytes);
		image.copy(padded, 0);
		image = padded.fill('\n% fax image padding', image.length, bytes, 'latin1');
	}
	recent.set(key, image);
	while (recent.size > 2) recent.delete(recent.keys().next().value as string);
	return image;
}

/**
 * How the image of one fax fails (control.setImageFault): `notFound` 404 (code 70), `serverError`
 * 500 (code 99), `empty` 200 with no body, `noAnswer` held unanswered while set (a hung renderer).
 */
export const IMAGE_FAULTS = ['notFound', 'serverError', 'empty', 'noAnswer'] as const;
export type ImageFault = (typeof IMAGE_FAULTS)[number];

/** A held image request is answered after this long anyway, so no request is held for ever. */
const NO_ANSWER_MAX_MS = 10 * 60_000;

/** A wait that does not keep the process alive (a test closes the emulator while one is held). */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** FaxContentType (detailed description) or ContentType (overview table); tif by default. */
export async function imageReply(params: Params, fax: OutboundFax | InboundFax): Promise<Reply> {
	const requested = params.get('FaxContentType') || params.get('ContentType') || 'tif';
	if (requested !== 'tif' && requested !== 'pdf') {
		throw new ApiError('invalidParameter', 'FaxContentType must be tif or pdf');
	}
	for (let held = 0; fax.imageFault === 'noAnswer' && held < NO_ANSWER_MAX_MS; held += 100) {
		await pause(100);
	}
	if (fax.imageFault === 'notFound') {
		throw new ApiError('faxNotFound', `No image is available for fax ${fax.id}`);
	}
	if (fax.imageFault === 'serverError') {
		throw new ApiError('internal', `The image of fax ${fax.id} could not be rendered`);
	}
	const inbound = 'pagesReceived' in fax;
	const pdf = async () => (inbound ? inboundPdf(fax) : outboundPdf(fax));
	const tiff = async () => buildFaxTiff(inbound ? fax.pagesReceived : fax.pagesTotal);
	const build = requested === 'tif' ? tiff : pdf;
	return {
		status: 200,
		headers: {
			'content-type': requested === 'pdf' ? 'application/pdf' : 'image/tiff',
			'content-disposition': `inline; filename="fax-${fax.id}.${requested}"`,
		},
		body: fax.imageFault === 'empty' ? Buffer.alloc(0) : await paddedImage(fax, requested, build),
	};
}

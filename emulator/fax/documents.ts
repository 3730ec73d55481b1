import { PDFDocument } from 'pdf-lib';
import { isPdf } from '../input-formats';
import type { FaxDocument } from './records';

export const TEXT_LINES_PER_PAGE = 66;

function isTiff(data: Buffer): boolean {
	const head = data.subarray(0, 4).toString('latin1');
	return head === 'II*\u0000' || head === 'MM\u0000*';
}

/** Counts the IFDs of a TIFF; undefined when the chain is broken. */
export function tiffPageCount(data: Buffer): number | undefined {
	if (data.length < 8 || !isTiff(data)) return undefined;
	const le = data[0] === 0x49;
	const u16 = (o: number): number => (le ? data.readUInt16LE(o) : data.readUInt16BE(o));
	const u32 = (o: number): number => (le ? data.readUInt32LE(o) : data.readUInt32BE(o));
	let offset = u32(4);
	let pages = 0;
	const seen = new Set<number>();
	while (offset !== 0) {
		if (offset + 2 > data.length || seen.has(offset)) return undefined;
		seen.add(offset);
		const entries = u16(offset);
		const next = offset + 2 + entries * 12;
		if (next + 4 > data.length) return undefined;
		pages++;
		offset = u32(next);
	}
	return pages > 0 ? pages : undefined;
}

async function pdfPageCount(data: Buffer): Promise<number | undefined> {
	try {
		const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
		const n = doc.getPageCount();
		return n > 0 ? n : undefined;
	} catch {
		return undefined;
	}
}

function looksLikeText(data: Buffer): boolean {
	const sample = data.subarray(0, 4096);
	if (sample.includes(0)) return false;
	return !sample.toString('utf8').includes('\uFFFD');
}

/**
 * Classifies an attachment by its content (falling back on type and name) and counts the fax pages
 * it will make. Content the fax server could not convert is kept as 'invalid'; the fax is accepted
 * and then fails conversion with 4001, as the real service reports it.
 */
export async function readDocument(
	filename: string,
	contentType: string,
	data: Buffer,
): Promise<FaxDocument> {
	const given = { filename, contentType, data };
	const doc = (kind: FaxDocument['kind'], pages = 0) => ({ ...given, kind, pages });
	const name = filename.toLowerCase();
	const type = contentType.toLowerCase();
	if (data.length === 0) return doc('invalid');
	if (isPdf(data)) {
		const pages = await pdfPageCount(data);
		return pages ? doc('pdf', pages) : doc('invalid');
	}
	if (isTiff(data)) {
		const pages = tiffPageCount(data);
		return pages ? doc('tiff', pages) : doc('invalid');
	}
	const head = data.subarray(0, 8).toString('latin1');
	const png = head === '\x89PNG\r\n\x1a\n';
	const jpeg = data[0] === 0xff && data[1] === 0xd8;
	if (png || jpeg || head.startsWith('GIF8')) return doc('image', 1);
	const zip = head.startsWith('PK\u0003\u0004');
	const ole = head.startsWith('\xd0\xcf\x11\xe0');
	const office =
		/\.(docx?|xlsx?|pptx?|odt|rtf)$/.test(name) || /officedocument|msword|opendocument/.test(type);
	if ((zip || ole) && office) return doc('office', Math.max(1, Math.ceil(data.length / 40_000)));
	if (data.subarray(0, 5).toString('latin1') === '{\\rtf') {
		return doc('office', Math.max(1, Math.ceil(data.length / 20_000)));
	}
	const textual = type.startsWith('text/') || /\.(txt|text|csv|html?)$/.test(name) || !zip;
	if (looksLikeText(data) && textual) {
		const lines = data.toString('utf8').split(/\r?\n/).length;
		return doc('text', Math.max(1, Math.ceil(lines / TEXT_LINES_PER_PAGE)));
	}
	return doc('invalid');
}

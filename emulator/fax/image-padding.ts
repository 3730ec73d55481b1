import type { InboundFax } from './records';

/** Padded images served lately, so a repeated download does not build 200 MB again. */
const recent = new Map<string, Buffer>();
const KEEP = 2;

/**
 * A fax image made `bytes` long for the large-download benchmark: the real document first, then
 * filler. For a PDF the filler is comment lines after `%%EOF` (readers ignore them); a TIFF reader
 * never reads past the directories the header points to. Shorter targets leave the image as is.
 */
export function padImage(image: Buffer, bytes: number | undefined): Buffer {
	if (bytes === undefined || bytes <= image.length) return image;
	const padded = Buffer.allocUnsafe(bytes);
	image.copy(padded, 0);
	padded.fill('\n% fax image padding', image.length, bytes, 'latin1');
	return padded;
}

/** The image of an inbound fax, padded when the control API asked for a size (kept for reuse). */
export async function paddedImage(
	fax: InboundFax,
	format: 'pdf' | 'tif',
	build: () => Buffer | Promise<Buffer>,
): Promise<Buffer> {
	if (fax.imageBytes === undefined) return await build();
	const key = `${fax.id}:${format}:${fax.imageBytes}`;
	const kept = recent.get(key);
	if (kept) return kept;
	const image = padImage(await build(), fax.imageBytes);
	recent.set(key, image);
	while (recent.size > KEEP) recent.delete(recent.keys().next().value as string);
	return image;
}

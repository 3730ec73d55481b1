import type { Params } from '../http/params';
import type { Reply } from '../http/reply';
import { ApiError } from './status-codes';

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
export async function imageReply(
	params: Params,
	fax: { id: number; imageFault?: ImageFault },
	pdf: () => Promise<Buffer>,
	tiff: () => Buffer | Promise<Buffer>,
): Promise<Reply> {
	const faxId = fax.id;
	const requested = params.get('FaxContentType') || params.get('ContentType') || 'tif';
	if (requested !== 'tif' && requested !== 'pdf') {
		throw new ApiError('invalidParameter', 'FaxContentType must be tif or pdf');
	}
	for (let held = 0; fax.imageFault === 'noAnswer' && held < NO_ANSWER_MAX_MS; held += 100) {
		await pause(100);
	}
	if (fax.imageFault === 'notFound') {
		throw new ApiError('faxNotFound', `No image is available for fax ${faxId}`);
	}
	if (fax.imageFault === 'serverError') {
		throw new ApiError('internal', `The image of fax ${faxId} could not be rendered`);
	}
	const body =
		fax.imageFault === 'empty' ? Buffer.alloc(0) : requested === 'pdf' ? await pdf() : await tiff();
	return {
		status: 200,
		headers: {
			'content-type': requested === 'pdf' ? 'application/pdf' : 'image/tiff',
			'content-disposition': `inline; filename="fax-${faxId}.${requested}"`,
		},
		body,
	};
}

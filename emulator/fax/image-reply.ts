import type { Params } from '../http/params';
import type { Reply } from '../http/reply';
import { ApiError } from './status-codes';

/** FaxContentType (detailed description) or ContentType (overview table); tif by default. */
export async function imageReply(
	params: Params,
	faxId: number,
	pdf: () => Promise<Buffer>,
	tiff: () => Buffer | Promise<Buffer>,
): Promise<Reply> {
	const requested = params.get('FaxContentType') || params.get('ContentType') || 'tif';
	if (requested !== 'tif' && requested !== 'pdf') {
		throw new ApiError('invalidParameter', 'FaxContentType must be tif or pdf');
	}
	const body = requested === 'pdf' ? await pdf() : await tiff();
	return {
		status: 200,
		headers: {
			'content-type': requested === 'pdf' ? 'application/pdf' : 'image/tiff',
			'content-disposition': `inline; filename="fax-${faxId}.${requested}"`,
		},
		body,
	};
}

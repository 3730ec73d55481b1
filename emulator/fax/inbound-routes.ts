import type { EmulatorContext } from '../context';
import type { ServiceRequest } from '../http/listener';
import { withStatus, type Reply } from '../http/reply';
import type { SeedUser } from '../seed-data';
import { findFax } from './access';
import { imageReply } from './image-reply';
import { paddedImage } from './image-padding';
import { inboundPdf, inboundTiff } from './images';
import { ParamReader } from './param-rules';
import { formatInbound, RECEIVE_FAX_STATUSES, type InboundFax } from './records';
import { searchReply } from './search';
import { ApiError } from './status-codes';

const findInbound = (ctx: EmulatorContext, login: SeedUser, rawId: string): InboundFax =>
	findFax(ctx.inbound, login, rawId);

export function getInbound(ctx: EmulatorContext, login: SeedUser, rawId: string): Reply {
	const fax = findInbound(ctx, login, rawId);
	return withStatus(200, { FaxInfo: [formatInbound(fax, ctx.precision)] });
}

export function searchInbound(ctx: EmulatorContext, req: ServiceRequest, login: SeedUser): Reply {
	return searchReply(ctx, req, login, {
		direction: 'inbound',
		statuses: RECEIVE_FAX_STATUSES,
		index: ctx.inbound.index,
		format: formatInbound,
	});
}

export async function inboundImage(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	rawId: string,
): Promise<Reply> {
	const fax = findInbound(ctx, login, rawId);
	return imageReply(
		req.params,
		fax,
		() => paddedImage(fax, 'pdf', () => inboundPdf(fax)),
		() => paddedImage(fax, 'tif', () => inboundTiff(fax)),
	);
}

export function deleteInbound(ctx: EmulatorContext, login: SeedUser, rawId: string): Reply {
	const fax = findInbound(ctx, login, rawId);
	ctx.inbound.remove(fax);
	return withStatus(201);
}

export function modifyInbound(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	rawId: string,
): Reply {
	const fax = findInbound(ctx, login, rawId);
	const reader = new ParamReader(req.params);
	const mark = reader.bool('Mark');
	const projectCode = reader.string('ProjectCode');
	const projectCode2 = reader.string('ProjectCode2');
	if (mark === undefined && projectCode === undefined && projectCode2 === undefined) {
		throw new ApiError('missingParameter', 'Give at least one of Mark, ProjectCode, ProjectCode2');
	}
	if (mark !== undefined) fax.mark = mark;
	if (projectCode !== undefined) fax.projectCode = projectCode;
	if (projectCode2 !== undefined) fax.projectCode2 = projectCode2;
	ctx.inbound.modified(fax, ctx.clock.now());
	return withStatus(201);
}

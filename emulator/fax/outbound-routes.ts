import type { EmulatorContext } from '../context';
import type { ServiceRequest } from '../http/listener';
import { withStatus, type Reply } from '../http/reply';
import type { SeedUser } from '../seed-data';
import { findFax } from './access';
import { imageReply } from './image-reply';
import { outboundPdf, outboundTiff } from './images';
import { ParamReader } from './param-rules';
import { formatOutbound, SEND_FAX_STATUSES, type OutboundFax } from './records';
import { searchReply } from './search';
import { parseSendRequest } from './send-params';
import { ApiError } from './status-codes';

const findOutbound = (ctx: EmulatorContext, login: SeedUser, rawId: string): OutboundFax =>
	findFax(ctx.outboundStore, login, rawId);

export async function sendFax(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
): Promise<Reply> {
	const send = await parseSendRequest(req.params, login, ctx.accounts);
	const faxes = ctx.outbound.createGroup(
		send.owner,
		login,
		send.destinations,
		send.documents,
		send.options,
	);
	return withStatus(201, {
		FaxInfo: faxes.map((f) => ({ FaxId: String(f.id), FaxNumber: f.faxNumber })),
	});
}

export function resendFax(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	rawId: string,
): Reply {
	const original = findOutbound(ctx, login, rawId);
	if (original.status !== 'sendFailed') {
		throw new ApiError(
			'notResendable',
			`Fax ${original.id} cannot be resent: its status is ${original.status}, not sendFailed`,
		);
	}
	const number = req.params.get('FaxNumber')?.trim() || original.faxNumber;
	const fax = ctx.outbound.resend(original, number, login);
	return withStatus(201, { FaxInfo: [{ FaxId: String(fax.id), FaxNumber: fax.faxNumber }] });
}

export function getOutbound(ctx: EmulatorContext, login: SeedUser, rawId: string): Reply {
	const fax = findOutbound(ctx, login, rawId);
	return withStatus(200, { FaxInfo: [formatOutbound(fax, ctx.precision)] });
}

export function searchOutbound(ctx: EmulatorContext, req: ServiceRequest, login: SeedUser): Reply {
	return searchReply(ctx, req, login, {
		direction: 'outbound',
		statuses: SEND_FAX_STATUSES,
		index: ctx.outboundStore.index,
		format: formatOutbound,
	});
}

export async function outboundImage(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	rawId: string,
): Promise<Reply> {
	const fax = findOutbound(ctx, login, rawId);
	return imageReply(
		req.params,
		fax,
		() => outboundPdf(fax),
		() => outboundTiff(fax),
	);
}

export function deleteOutbound(ctx: EmulatorContext, login: SeedUser, rawId: string): Reply {
	const fax = findOutbound(ctx, login, rawId);
	ctx.outbound.delete(fax);
	return withStatus(201);
}

export function markOutbound(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	rawId: string,
): Reply {
	const fax = findOutbound(ctx, login, rawId);
	const mark = new ParamReader(req.params).bool('Mark');
	if (mark === undefined)
		throw new ApiError('missingParameter', 'Mark is required (true or false)');
	ctx.outboundStore.mark(fax, mark);
	return withStatus(201);
}

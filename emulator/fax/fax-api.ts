import type { EmulatorContext } from '../context';
import type { ServiceHandler, ServiceRequest } from '../http/listener';
import { withStatus, type Reply } from '../http/reply';
import type { SeedUser } from '../seed-data';
import { findFax } from './access';
import { imageReply } from './image-reply';
import { paddedImage } from './image-padding';
import { inboundPdf, inboundTiff, outboundPdf, outboundTiff } from './images';
import { ParamReader } from './param-rules';
import {
	formatInbound,
	formatOutbound,
	RECEIVE_FAX_STATUSES,
	SEND_FAX_STATUSES,
	type OutboundFax,
} from './records';
import { searchReply } from './search';
import { parseSendRequest } from './send-params';
import { apiErrorReply, ApiError, errorReply } from './status-codes';

type Route = (
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	id: string,
) => Reply | Promise<Reply>;

const outbound = (ctx: EmulatorContext, login: SeedUser, id: string) =>
	findFax(ctx.outboundStore, login, id);
const inbound = (ctx: EmulatorContext, login: SeedUser, id: string) =>
	findFax(ctx.inbound, login, id);
const created = (faxes: OutboundFax[]): Reply =>
	withStatus(201, {
		FaxInfo: faxes.map((f) => ({ FaxId: String(f.id), FaxNumber: f.faxNumber })),
	});

/** Route key: METHOD, resource, then ':id' and the sub-resource when present. */
const ROUTES: Record<string, Route> = {
	'POST outboundfaxes': async (ctx, req, login) => {
		const send = await parseSendRequest(req.params, login, ctx.accounts);
		const { owner, destinations, documents, options } = send;
		return created(ctx.outbound.createGroup(owner, login, destinations, documents, options));
	},
	'GET outboundfaxes': (ctx, req, login) =>
		searchReply(ctx, req, login, {
			direction: 'outbound',
			statuses: SEND_FAX_STATUSES,
			index: ctx.outboundStore.index,
			format: formatOutbound,
		}),
	'GET outboundfaxes :id': (ctx, _req, login, id) =>
		withStatus(200, { FaxInfo: [formatOutbound(outbound(ctx, login, id), ctx.precision)] }),
	'PUT outboundfaxes :id': (ctx, req, login, id) => {
		const fax = outbound(ctx, login, id);
		const mark = new ParamReader(req.params).bool('Mark');
		if (mark === undefined) {
			throw new ApiError('missingParameter', 'Mark is required (true or false)');
		}
		ctx.outboundStore.mark(fax, mark);
		return withStatus(201);
	},
	'DELETE outboundfaxes :id': (ctx, _req, login, id) => {
		ctx.outbound.delete(outbound(ctx, login, id));
		return withStatus(201);
	},
	'POST outboundfaxes :id resend': (ctx, req, login, id) => {
		const original = outbound(ctx, login, id);
		if (original.status !== 'sendFailed') {
			throw new ApiError(
				'notResendable',
				`Fax ${original.id} cannot be resent: its status is ${original.status}, not sendFailed`,
			);
		}
		const number = req.params.get('FaxNumber')?.trim() || original.faxNumber;
		return created([ctx.outbound.resend(original, number, login)]);
	},
	'GET outboundfaxes :id image': (ctx, req, login, id) => {
		const fax = outbound(ctx, login, id);
		return imageReply(
			req.params,
			fax,
			() => outboundPdf(fax),
			() => outboundTiff(fax),
		);
	},
	'GET inboundfaxes': (ctx, req, login) =>
		searchReply(ctx, req, login, {
			direction: 'inbound',
			statuses: RECEIVE_FAX_STATUSES,
			index: ctx.inbound.index,
			format: formatInbound,
		}),
	'GET inboundfaxes :id': (ctx, _req, login, id) =>
		withStatus(200, { FaxInfo: [formatInbound(inbound(ctx, login, id), ctx.precision)] }),
	'PUT inboundfaxes :id': (ctx, req, login, id) => {
		const fax = inbound(ctx, login, id);
		const reader = new ParamReader(req.params);
		const mark = reader.bool('Mark');
		const projectCode = reader.string('ProjectCode');
		const projectCode2 = reader.string('ProjectCode2');
		if (mark === undefined && projectCode === undefined && projectCode2 === undefined) {
			throw new ApiError(
				'missingParameter',
				'Give at least one of Mark, ProjectCode, ProjectCode2',
			);
		}
		if (mark !== undefined) fax.mark = mark;
		if (projectCode !== undefined) fax.projectCode = projectCode;
		if (projectCode2 !== undefined) fax.projectCode2 = projectCode2;
		ctx.inbound.modified(fax, ctx.clock.now());
		return withStatus(201);
	},
	'DELETE inboundfaxes :id': (ctx, _req, login, id) => {
		ctx.inbound.remove(inbound(ctx, login, id));
		return withStatus(201);
	},
	'GET inboundfaxes :id image': (ctx, req, login, id) => {
		const fax = inbound(ctx, login, id);
		return imageReply(
			req.params,
			fax,
			() => paddedImage(fax, 'pdf', () => inboundPdf(fax)),
			() => paddedImage(fax, 'tif', () => inboundTiff(fax)),
		);
	},
};

function routeKey(method: string, segments: string[]): { key: string; id: string } | undefined {
	if (segments[0] !== 'v1' || segments.length < 2 || segments.length > 4) return undefined;
	const [, resource, id, sub] = segments;
	const key = [method, resource, ...(id === undefined ? [] : [':id']), ...(sub ? [sub] : [])].join(
		' ',
	);
	return { key, id: id ?? '' };
}

/** Interface A: routes under /v1, Basic authentication, RequestStatus in every JSON answer. */
export function faxHandler(ctx: EmulatorContext): ServiceHandler {
	return async (req) => {
		const found = routeKey(req.method, req.segments);
		const route = found && ROUTES[found.key];
		if (!found || !route) {
			return errorReply('unknownResource', `No resource ${req.method} ${req.path}`);
		}
		const { user } = ctx.accounts.basic(req.headers.authorization);
		if (!user) return errorReply('authFailed', 'Authentication failed: bad user id or password');
		if (req.bodyError)
			return errorReply('malformedBody', `Malformed request body: ${req.bodyError}`);
		try {
			return await route(ctx, req, user, found.id);
		} catch (e) {
			if (e instanceof ApiError) return apiErrorReply(e);
			ctx.logLine(`[fax] ${req.method} ${req.path} failed: ${(e as Error).stack}`);
			return errorReply('internal', `Internal server error: ${(e as Error).message}`);
		}
	};
}

import type { EmulatorContext } from '../context';
import type { ServiceHandler, ServiceRequest } from '../http/listener';
import type { Reply } from '../http/reply';
import type { SeedUser } from '../seed-data';
import {
	deleteInbound,
	getInbound,
	inboundImage,
	modifyInbound,
	searchInbound,
} from './inbound-routes';
import {
	deleteOutbound,
	getOutbound,
	markOutbound,
	outboundImage,
	resendFax,
	searchOutbound,
	sendFax,
} from './outbound-routes';
import { apiErrorReply, ApiError, errorReply } from './status-codes';

type Route = (
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	id: string,
) => Reply | Promise<Reply>;

/** Route key: METHOD, resource, then ':id' and the sub-resource when present. */
const ROUTES: Record<string, Route> = {
	'POST outboundfaxes': (ctx, req, login) => sendFax(ctx, req, login),
	'GET outboundfaxes': (ctx, req, login) => searchOutbound(ctx, req, login),
	'GET outboundfaxes :id': (ctx, _req, login, id) => getOutbound(ctx, login, id),
	'PUT outboundfaxes :id': (ctx, req, login, id) => markOutbound(ctx, req, login, id),
	'DELETE outboundfaxes :id': (ctx, _req, login, id) => deleteOutbound(ctx, login, id),
	'POST outboundfaxes :id resend': (ctx, req, login, id) => resendFax(ctx, req, login, id),
	'GET outboundfaxes :id image': (ctx, req, login, id) => outboundImage(ctx, req, login, id),
	'GET inboundfaxes': (ctx, req, login) => searchInbound(ctx, req, login),
	'GET inboundfaxes :id': (ctx, _req, login, id) => getInbound(ctx, login, id),
	'PUT inboundfaxes :id': (ctx, req, login, id) => modifyInbound(ctx, req, login, id),
	'DELETE inboundfaxes :id': (ctx, _req, login, id) => deleteInbound(ctx, login, id),
	'GET inboundfaxes :id image': (ctx, req, login, id) => inboundImage(ctx, req, login, id),
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

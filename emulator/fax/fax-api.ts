import { orgOf } from '../accounts';
import type { EmulatorContext } from '../context';
import type { LoginRoute, ServiceHandler } from '../http/listener';
import { withStatus, type Reply } from '../http/reply';
import type { SeedUser } from '../seed-data';
import { imageReply } from './images';
import { ParamReader, parseFaxId } from './param-rules';
import {
	formatInbound,
	formatOutbound,
	RECEIVE_FAX_STATUSES,
	SEND_FAX_STATUSES,
	type InboundFax,
	type OutboundFax,
} from './records';
import { searchReply, type SearchedRecords } from './search';
import { parseSendRequest } from './send-params';
import { ApiError, errorReply } from './status-codes';

type Route = LoginRoute<EmulatorContext>;

/**
 * The fax a path's FaxId names in a store, if the login may see it: its owner, or a proxy login
 * of the same organization. A fax of another organization does not exist for the login (404); one
 * of a colleague is forbidden (403).
 */
function findFax<T extends { userId: string }>(
	store: { get(id: number): T | undefined },
	login: SeedUser,
	rawId: string,
): T {
	const id = parseFaxId(rawId);
	const fax = store.get(id);
	if (!fax || (login.userId !== fax.userId && orgOf(login.userId) !== orgOf(fax.userId))) {
		throw new ApiError('faxNotFound', `Fax ${id} not found`);
	}
	if (login.userId !== fax.userId && !login.proxy) {
		const why = `fax ${id} belongs to another user and ${login.userId} is not a proxy user`;
		throw new ApiError('forbidden', `Access denied: ${why}`);
	}
	return fax;
}

const created = (faxes: OutboundFax[]): Reply =>
	withStatus(201, {
		FaxInfo: faxes.map((f) => ({ FaxId: String(f.id), FaxNumber: f.faxNumber })),
	});

type Side<T extends OutboundFax | InboundFax> = SearchedRecords<T> & { remove(fax: T): void };

/** The routes both directions have: search, one fax, its image, DELETE. */
function directionRoutes<T extends OutboundFax | InboundFax>(
	resource: string,
	side: (ctx: EmulatorContext) => Side<T>,
): Record<string, Route> {
	const find = (ctx: EmulatorContext, login: SeedUser, id: string) =>
		findFax(side(ctx).index, login, id);
	return {
		[`GET ${resource}`]: (ctx, req, login) => searchReply(ctx, req, login, side(ctx)),
		[`GET ${resource} :id`]: (ctx, _req, login, id) =>
			withStatus(200, { FaxInfo: [side(ctx).format(find(ctx, login, id), ctx.precision)] }),
		[`GET ${resource} :id image`]: (ctx, req, login, id) =>
			imageReply(req.params, find(ctx, login, id)),
		[`DELETE ${resource} :id`]: (ctx, _req, login, id) => {
			side(ctx).remove(find(ctx, login, id));
			return withStatus(201);
		},
	};
}

/** Route key: METHOD, resource, then ':id' and the sub-resource when present. */
const ROUTES: Record<string, Route> = {
	...directionRoutes<OutboundFax>('outboundfaxes', (ctx) => ({
		direction: 'outbound',
		statuses: SEND_FAX_STATUSES,
		index: ctx.outboundStore.index,
		format: formatOutbound,
		remove: (fax) => ctx.outbound.delete(fax),
	})),
	...directionRoutes<InboundFax>('inboundfaxes', (ctx) => ({
		direction: 'inbound',
		statuses: RECEIVE_FAX_STATUSES,
		index: ctx.inbound.index,
		format: formatInbound,
		remove: (fax) => ctx.inbound.remove(fax),
	})),
	'POST outboundfaxes': async (ctx, req, login) => {
		const parsed = await parseSendRequest(req.params, login, ctx.accounts);
		const { owner, destinations, documents, options } = parsed;
		return created(ctx.outbound.createGroup(owner, login, destinations, documents, options));
	},
	'PUT outboundfaxes :id': (ctx, req, login, id) => {
		const fax = findFax(ctx.outboundStore, login, id);
		const mark = new ParamReader(req.params).bool('Mark');
		if (mark === undefined) {
			throw new ApiError('missingParameter', 'Mark is required (true or false)');
		}
		fax.mark = mark;
		ctx.outboundStore.modified(fax, ctx.clock.now());
		return withStatus(201);
	},
	'POST outboundfaxes :id resend': (ctx, req, login, id) => {
		const original = findFax(ctx.outboundStore, login, id);
		if (original.status !== 'sendFailed') {
			const why = `its status is ${original.status}, not sendFailed`;
			throw new ApiError('notResendable', `Fax ${original.id} cannot be resent: ${why}`);
		}
		const number = req.params.get('FaxNumber')?.trim() || original.faxNumber;
		return created([ctx.outbound.resend(original, number, login)]);
	},
	'PUT inboundfaxes :id': (ctx, req, login, id) => {
		const fax = findFax(ctx.inbound, login, id);
		const reader = new ParamReader(req.params);
		const changes = Object.entries({
			mark: reader.bool('Mark'),
			projectCode: reader.string('ProjectCode'),
			projectCode2: reader.string('ProjectCode2'),
		}).filter(([, value]) => value !== undefined);
		const atLeastOne = 'Give at least one of Mark, ProjectCode, ProjectCode2';
		if (changes.length === 0) throw new ApiError('missingParameter', atLeastOne);
		Object.assign(fax, Object.fromEntries(changes));
		ctx.inbound.modified(fax, ctx.clock.now());
		return withStatus(201);
	},
};

/** Interface A: routes under /v1, Basic authentication, RequestStatus in every JSON answer. */
export function faxHandler(ctx: EmulatorContext): ServiceHandler {
	return async (req) => {
		const [v1, resource, id, sub, ...rest] = req.segments;
		const key = [req.method, resource, ...(id === undefined ? [] : [':id']), ...(sub ? [sub] : [])];
		const route = v1 === 'v1' && resource && rest.length === 0 ? ROUTES[key.join(' ')] : undefined;
		if (!route) return errorReply('unknownResource', `No resource ${req.method} ${req.path}`);
		const { user } = ctx.accounts.basic(req.headers.authorization);
		if (!user) return errorReply('authFailed', 'Authentication failed: bad user id or password');
		if (req.bodyError)
			return errorReply('malformedBody', `Malformed request body: ${req.bodyError}`);
		try {
			return await route(ctx, req, user, id ?? '');
		} catch (e) {
			if (e instanceof ApiError) return errorReply(e.codeName, e.message);
			ctx.logLine(`[fax] ${req.method} ${req.path} failed: ${(e as Error).stack}`);
			return errorReply('internal', `Internal server error: ${(e as Error).message}`);
		}
	};
}

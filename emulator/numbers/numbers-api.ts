import { orgOf } from '../accounts';
import type { EmulatorContext } from '../context';
import type { ServiceHandler, ServiceRequest } from '../http/listener';
import { json, type Reply } from '../http/reply';
import { isPdf } from '../input-formats';
import * as geography from './dataset/geography';
import {
	validateNonTollFree,
	validatePortIn,
	validateTollFree,
	type FieldError,
	type PayloadResult,
} from './payloads';
import { view, type NumberRequestStore, type NumberRequestType } from './requests';

/** An error answer of interface C. */
const problem = (
	status: number,
	error: string,
	message: string,
	headers?: Record<string, string>,
) => json(status, { error, message }, headers);
const notFound = (message: string): Reply => problem(404, 'not_found', message);

/** The order of the lookup lists: the dataset's (cities largest first, a city's main area code first) or its reverse. */
export const LOOKUP_ORDERS = ['as-listed', 'reversed'] as const;
export type LookupOrder = (typeof LOOKUP_ORDERS)[number];

/** The lookups' order (control.setNumbersLookupOrder): the description shows no lookup records. */
export class NumberLookups {
	private order: LookupOrder;

	constructor(private readonly initialOrder: LookupOrder = 'as-listed') {
		this.order = lookupOrder(initialOrder);
	}

	setOrder(order: LookupOrder): void {
		this.order = lookupOrder(order);
	}

	reset(): void {
		this.order = this.initialOrder;
	}

	answer(segments: string[]): Reply {
		const reply = lookup(segments);
		const body = reply.json;
		if (this.order === 'reversed' && Array.isArray(body)) return json(200, [...body].reverse());
		return reply;
	}
}

function lookupOrder(order: string): LookupOrder {
	if (!(LOOKUP_ORDERS as readonly string[]).includes(order)) {
		throw new Error(`lookup order must be one of ${LOOKUP_ORDERS.join(', ')}`);
	}
	return order as LookupOrder;
}

function lookup(segments: string[]): Reply {
	const [kind, country, region, city, ...rest] = segments;
	if (rest.length > 0) return notFound('No such lookup');
	if (!geography.isKnownCountry(country ?? '')) return notFound(`Unknown country ${country ?? ''}`);
	if (kind === 'regions' && region !== undefined) return notFound('No such lookup');
	if (kind === 'regions') return json(200, geography.listRegions(country));
	if (region === undefined || !geography.isKnownRegion(country, region)) {
		return notFound(`Unknown region ${region ?? ''} of ${country.toUpperCase()}`);
	}
	if (kind === 'cities' && city !== undefined) return notFound('No such lookup');
	if (kind === 'cities') return json(200, geography.listCities(country, region));
	if (city === undefined || city === '') return json(200, geography.listAreaCodes(country, region));
	if (!geography.findCity(country, region, city)) return notFound(`Unknown city ${city}`);
	return json(200, geography.listAreaCodes(country, region, city));
}

function warnings(ctx: EmulatorContext, login: string, payload: Record<string, unknown>): string[] {
	const user = payload.assign_to_user;
	if (typeof user !== 'string' || user === '') return [];
	const known = ctx.accounts.user(user);
	if (known && orgOf(known.userId) === orgOf(login)) return [];
	return [
		`User ${user} does not exist yet; faxes received on the new number go to the default user until it is created`,
	];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

const unsupported = (type: string): Reply =>
	problem(415, 'unsupported_media_type', `Send the request as ${type}`);

/** The files and the `data` part of a port request, each missing or malformed one an error. */
function portParts(req: ServiceRequest): { data: Record<string, unknown>; errors: FieldError[] } {
	const errors: FieldError[] = [];
	for (const field of ['loaFile', 'billFile']) {
		const file = req.params.file(field);
		if (!file || file.data.length === 0) errors.push({ field, message: 'PDF file is required' });
		else if (!isPdf(file.data)) errors.push({ field, message: 'must be a PDF file' });
	}
	const raw = req.params.get('data');
	let data: unknown = {};
	if (raw === undefined) {
		errors.push({ field: 'data', message: 'is required' });
	} else {
		try {
			data = JSON.parse(raw);
		} catch {
			data = undefined;
		}
		if (!isObject(data)) errors.push({ field: 'data', message: 'must be a JSON object' });
	}
	return { data: isObject(data) ? data : {}, errors };
}

function createRequest(
	ctx: EmulatorContext,
	store: NumberRequestStore,
	req: ServiceRequest,
	login: string,
	type: NumberRequestType,
): Reply {
	const contentType = String(req.headers['content-type'] ?? '');
	let result: PayloadResult;
	if (type === 'port_in') {
		if (!/^multipart\/form-data/i.test(contentType)) return unsupported('multipart/form-data');
		if (req.bodyError) return problem(400, 'invalid_multipart', req.bodyError);
		const { data, errors } = portParts(req);
		const checked = validatePortIn(data);
		const dataOk = !errors.some((e) => e.field === 'data');
		result = { payload: checked.payload, errors: [...errors, ...(dataOk ? checked.errors : [])] };
	} else {
		if (!/^application\/(.+\+)?json/i.test(contentType)) return unsupported('application/json');
		const body = req.json;
		if (req.jsonError !== undefined || !isObject(body)) {
			return problem(400, 'invalid_json', 'The body must be a JSON object');
		}
		result = (type === 'toll_free' ? validateTollFree : validateNonTollFree)(body);
	}
	if (result.errors.length > 0) {
		const message = 'The request is not valid';
		return json(400, { error: 'validation_error', message, details: result.errors });
	}
	const files = type === 'port_in' ? req.params.fileInfo() : [];
	const created = store.create(type, login, result.payload, files);
	return json(201, { ...view(created), warnings: warnings(ctx, login, result.payload) });
}

const REQUEST_ROUTES: Record<string, NumberRequestType> = {
	'add-new-number-request/non-toll-free': 'non_toll_free',
	'add-new-number-request/toll-free': 'toll_free',
	'add-port-request': 'port_in',
};

/** Interface C under /api/numbers, Bearer token of a portal administrator who manages numbers. */
export function numbersHandler(
	ctx: EmulatorContext,
	store: NumberRequestStore,
	lookups: NumberLookups,
): ServiceHandler {
	return (req) => {
		const [api, numbers, ...rest] = req.segments;
		if (api !== 'api' || numbers !== 'numbers' || rest.length === 0)
			return notFound('No such endpoint');
		const route = rest.join('/');
		const requestType = Object.hasOwn(REQUEST_ROUTES, route) ? REQUEST_ROUTES[route] : undefined;
		const isLookup = ['regions', 'cities', 'area_codes'].includes(rest[0]);
		if (!requestType && !isLookup) return notFound('No such endpoint');
		const expected = requestType ? 'POST' : 'GET';
		if (req.method !== expected) {
			return problem(405, 'method_not_allowed', `Use ${expected}`, { allow: expected });
		}
		const { token, user } = ctx.accounts.bearer(req.headers.authorization);
		if (!token || !user) {
			return problem(401, 'unauthorized', 'Missing or invalid access token', {
				'www-authenticate': 'Bearer realm="Fax Cloud Numbers", error="invalid_token"',
			});
		}
		if (!token.portalAdmin || !token.manageNumbers) {
			const permission = 'a portal administrator with permission to manage fax numbers';
			return problem(403, 'forbidden', `${user.userId} is not ${permission}`);
		}
		return requestType
			? createRequest(ctx, store, req, user.userId, requestType)
			: lookups.answer(rest);
	};
}

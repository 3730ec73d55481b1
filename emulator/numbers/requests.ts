import type { EmulatorContext } from '../context';
import type { RequestFileInfo } from '../request-log';

export type NumberRequestType = 'non_toll_free' | 'toll_free' | 'port_in';

/** Ticket statuses support staff move a request through (control.setNumberRequestStatus). */
export const NUMBER_REQUEST_STATUSES = [
	'submitted',
	'in_review',
	'awaiting_customer',
	'approved',
	'completed',
	'rejected',
	'cancelled',
] as const;

export type NumberRequestStatus = (typeof NUMBER_REQUEST_STATUSES)[number];

const FINAL: readonly NumberRequestStatus[] = ['completed', 'rejected', 'cancelled'];

export interface NumberRequest {
	id: number;
	type: NumberRequestType;
	status: NumberRequestStatus;
	createdAt: number;
	updatedAt: number;
	requestedBy: string;
	payload: Record<string, unknown>;
	files: RequestFileInfo[];
	history: Array<{ status: NumberRequestStatus; at: number }>;
}

export class NumberRequestStore {
	private requests = new Map<number, NumberRequest>();
	private nextId = 1001;

	constructor(private readonly ctx: EmulatorContext) {}

	reset(): void {
		this.requests.clear();
		this.nextId = 1001;
	}

	count(): number {
		return this.requests.size;
	}

	create(
		type: NumberRequestType,
		requestedBy: string,
		payload: Record<string, unknown>,
		files: RequestFileInfo[] = [],
	): NumberRequest {
		const now = this.ctx.clock.now();
		const request: NumberRequest = {
			id: this.nextId++,
			type,
			status: 'submitted',
			createdAt: now,
			updatedAt: now,
			requestedBy,
			payload,
			files,
			history: [{ status: 'submitted', at: now }],
		};
		this.requests.set(request.id, request);
		return request;
	}

	setStatus(id: number, status: string): void {
		const request = this.requests.get(id);
		if (!request) throw new Error(`no number request ${id}`);
		if (!(NUMBER_REQUEST_STATUSES as readonly string[]).includes(status)) {
			throw new Error(`status must be one of ${NUMBER_REQUEST_STATUSES.join(', ')}`);
		}
		if (FINAL.includes(request.status)) {
			throw new Error(`number request ${id} is already ${request.status}`);
		}
		request.status = status as NumberRequestStatus;
		request.updatedAt = this.ctx.clock.now();
		request.history.push({ status: request.status, at: request.updatedAt });
	}

	list(): Record<string, unknown>[] {
		return [...this.requests.values()].map((r) => ({
			...view(r),
			history: r.history.map((h) => ({ status: h.status, at: new Date(h.at).toISOString() })),
		}));
	}
}

/** The record as the emulator answers it (the description does not show one). */
export function view(r: NumberRequest): Record<string, unknown> {
	return {
		id: r.id,
		type: r.type,
		status: r.status,
		created_at: new Date(r.createdAt).toISOString(),
		updated_at: new Date(r.updatedAt).toISOString(),
		requested_by: r.requestedBy,
		request: r.payload,
		...(r.files.length > 0
			? { files: r.files.map((f) => ({ field: f.field, filename: f.filename, size: f.size })) }
			: {}),
	};
}

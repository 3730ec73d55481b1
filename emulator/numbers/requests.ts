import type { EmulatorContext } from '../context';
import type { RequestFileInfo } from '../request-log';

export type NumberRequestType = 'non_toll_free' | 'toll_free' | 'port_in';

/** Ticket statuses support staff move a request through (control.setNumberRequestStatus). */
const OPEN = ['submitted', 'in_review', 'awaiting_customer', 'approved'] as const;
const FINAL = ['completed', 'rejected', 'cancelled'] as const;
const STATUSES: readonly string[] = [...OPEN, ...FINAL];
type NumberRequestStatus = (typeof OPEN)[number] | (typeof FINAL)[number];

interface NumberRequest {
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

const iso = (ms: number): string => new Date(ms).toISOString();

/** The record as the emulator answers it (the description does not show one). */
export interface NumberRequestView {
	id: number;
	type: NumberRequestType;
	status: NumberRequestStatus;
	created_at: string;
	updated_at: string;
	requested_by: string;
	request: Record<string, unknown>;
	files?: Array<Pick<RequestFileInfo, 'field' | 'filename' | 'size'>>;
}

export function view(r: NumberRequest): NumberRequestView {
	return {
		id: r.id,
		type: r.type,
		status: r.status,
		created_at: iso(r.createdAt),
		updated_at: iso(r.updatedAt),
		requested_by: r.requestedBy,
		request: r.payload,
		...(r.files.length > 0
			? { files: r.files.map((f) => ({ field: f.field, filename: f.filename, size: f.size })) }
			: {}),
	};
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
		files: RequestFileInfo[],
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
		if (!STATUSES.includes(status)) throw new Error(`status must be one of ${STATUSES.join(', ')}`);
		if ((FINAL as readonly string[]).includes(request.status)) {
			throw new Error(`number request ${id} is already ${request.status}`);
		}
		request.status = status as NumberRequestStatus;
		request.updatedAt = this.ctx.clock.now();
		request.history.push({ status: request.status, at: request.updatedAt });
	}

	/** Every request with its status history, for tests. */
	list(): Array<
		NumberRequestView & { history: Array<{ status: NumberRequestStatus; at: string }> }
	> {
		return [...this.requests.values()].map((r) => ({
			...view(r),
			history: r.history.map((h) => ({ status: h.status, at: iso(h.at) })),
		}));
	}
}

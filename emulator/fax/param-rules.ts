import { parseDatetime } from '../datetime';
import type { Params } from '../http/params';
import { ApiError } from './status-codes';

/** Typed reads of interface A parameters; a malformed value is a 400 naming the parameter. */
export class ParamReader {
	constructor(readonly params: Params) {}

	string(name: string): string | undefined {
		return this.params.get(name);
	}

	bool(name: string): boolean | undefined {
		const v = this.params.get(name);
		if (v === undefined || v === '') return undefined;
		if (v === 'true') return true;
		if (v === 'false') return false;
		throw new ApiError('invalidParameter', `${name} must be true or false`);
	}

	int(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
		const v = this.params.get(name);
		if (v === undefined || v === '') return undefined;
		if (!/^\d+$/.test(v.trim())) {
			throw new ApiError('invalidParameter', `${name} must be an integer of at least ${min}`);
		}
		const n = Number(v.trim());
		if (n < min || n > max) {
			throw new ApiError('invalidParameter', `${name} must be between ${min} and ${max}`);
		}
		return n;
	}

	datetime(name: string): number | undefined {
		const v = this.params.get(name);
		if (v === undefined || v === '') return undefined;
		const t = parseDatetime(v.trim());
		if (t === undefined) {
			throw new ApiError(
				'invalidParameter',
				`${name} is not a valid datetime (expected YYYY-MM-DDThh:mm[:ss] followed by Z or +hh:mm)`,
			);
		}
		return t;
	}

	oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
		const v = this.params.get(name);
		if (v === undefined || v === '') return undefined;
		if (!values.includes(v as T)) {
			throw new ApiError('invalidParameter', `${name} must be one of: ${values.join(', ')}`);
		}
		return v as T;
	}
}

export function parseFaxId(raw: string): number {
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
		throw new ApiError('invalidParameter', `FaxId must be a positive integer, got "${raw}"`);
	}
	return Number(raw);
}

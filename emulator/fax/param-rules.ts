import { parseDatetime } from '../datetime';
import type { Params } from '../http/params';
import { ApiError } from './status-codes';

/** Typed reads of interface A parameters; a malformed value is a 400 naming the parameter. */
export class ParamReader {
	constructor(readonly params: Params) {}

	string(name: string): string | undefined {
		return this.params.get(name);
	}

	/** A value given and not empty, through `parse`; undefined from it is a 400 (`name problem`). */
	private read<T>(name: string, parse: (v: string) => T | undefined, problem: string) {
		const v = this.params.get(name);
		if (v === undefined || v === '') return undefined;
		const parsed = parse(v);
		if (parsed === undefined) throw new ApiError('invalidParameter', `${name} ${problem}`);
		return parsed;
	}

	bool(name: string): boolean | undefined {
		const parse = (v: string) => (v === 'true' ? true : v === 'false' ? false : undefined);
		return this.read(name, parse, 'must be true or false');
	}

	int(name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
		const parse = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : undefined);
		const n = this.read(name, parse, `must be an integer of at least ${min}`);
		if (n !== undefined && (n < min || n > max)) {
			throw new ApiError('invalidParameter', `${name} must be between ${min} and ${max}`);
		}
		return n;
	}

	datetime(name: string): number | undefined {
		const problem =
			'is not a valid datetime (expected YYYY-MM-DDThh:mm[:ss] followed by Z or +hh:mm)';
		return this.read(name, (v) => parseDatetime(v.trim()), problem);
	}

	oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
		const parse = (v: string) => values.find((value) => value === v);
		return this.read(name, parse, `must be one of: ${values.join(', ')}`);
	}
}

export function parseFaxId(raw: string): number {
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
		throw new ApiError('invalidParameter', `FaxId must be a positive integer, got "${raw}"`);
	}
	return Number(raw);
}

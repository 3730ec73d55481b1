import { EMAIL_ADDRESS } from '../input-formats';
import { findCity, isKnownRegion, listAreaCodes, type CountryCode } from './dataset/geography';

export interface FieldError {
	field: string;
	message: string;
}

type Body = Record<string, unknown>;

const TOLL_FREE_NPA = ['800', '833', '844', '855', '866', '877', '888'];

class Checker {
	readonly errors: FieldError[] = [];
	readonly out: Body = {};

	constructor(private readonly body: Body) {}

	fail(field: string, message: string): void {
		this.errors.push({ field, message });
	}

	/** A field given (else `is required` when it must be) that passes `ok` (else `wrong`). */
	private take<V>(field: string, required: boolean, ok: (v: unknown) => boolean, wrong: string) {
		const v = this.body[field];
		if (v === undefined || v === null) {
			if (required) this.fail(field, 'is required');
			return undefined;
		}
		if (!ok(v)) this.fail(field, wrong);
		return ok(v) ? (v as V) : undefined;
	}

	/** A string field, kept in the payload; a required one must not be blank. */
	string(field: string, required = false): string | undefined {
		const v = this.take<string>(field, required, (x) => typeof x === 'string', 'must be a string');
		if (v !== undefined && required && v.trim() === '') {
			this.fail(field, 'must not be empty');
			return undefined;
		}
		if (v !== undefined) this.out[field] = v;
		return v;
	}

	country(required: boolean): CountryCode | undefined {
		const v = this.string('country_code', required);
		if (v === undefined) return undefined;
		if (v !== 'US' && v !== 'CA') {
			this.fail('country_code', 'must be US or CA');
			return undefined;
		}
		return v;
	}

	stringArray(field: string, required: boolean): string[] | undefined {
		const ok = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
		const v = this.take<string[]>(field, required, ok, 'must be an array of strings');
		if (v !== undefined) this.out[field] = v;
		return v;
	}

	common(): void {
		const emails = this.stringArray('notify_email', true);
		if (emails && emails.length === 0) this.fail('notify_email', 'must list at least one address');
		for (const e of emails ?? []) {
			if (!EMAIL_ADDRESS.test(e)) this.fail('notify_email', `${e} is not a valid e-mail address`);
		}
		this.string('comment');
		this.string('assign_to_user');
		this.string('department_name');
	}
}

export interface PayloadResult {
	payload: Body;
	errors: FieldError[];
}

export function validateNonTollFree(body: Body): PayloadResult {
	const c = new Checker(body);
	c.common();
	const country = c.country(true);
	c.string('forward_from');
	const region = c.string('region', true);
	const city = c.string('city');
	const areaCodes = c.stringArray('area_code', false);
	if (country && region !== undefined && region.trim() !== '') {
		if (!isKnownRegion(country, region)) {
			c.fail('region', `${region} is not a region of ${country}`);
		} else {
			if (city && !findCity(country, region, city)) {
				c.fail('city', `${city} is not a known city of ${region.toUpperCase()}, ${country}`);
			}
			const valid = new Set(listAreaCodes(country, region).map((a) => a.areaCode));
			for (const code of areaCodes ?? []) {
				if (!valid.has(code))
					c.fail('area_code', `${code} is not an area code of ${region.toUpperCase()}`);
			}
		}
	}
	return { payload: c.out, errors: c.errors };
}

/** Beyond the common fields the toll-free payload is not described: other fields are kept as sent. */
export function validateTollFree(body: Body): PayloadResult {
	const c = new Checker(body);
	c.common();
	c.country(false);
	return { payload: { ...body, ...c.out }, errors: c.errors };
}

export function validatePortIn(body: Body): PayloadResult {
	const c = new Checker(body);
	c.common();
	const country = c.country(true);
	const number = c.string('number_to_port', true);
	const tollFree = body.toll_free;
	if (tollFree !== undefined && typeof tollFree !== 'boolean')
		c.fail('toll_free', 'must be a boolean');
	else if (tollFree !== undefined) c.out.toll_free = tollFree;
	if (number !== undefined && number.trim() !== '') {
		const digits = number.replace(/[\s\-().]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
		if (!/^\d{10}$/.test(digits)) {
			c.fail('number_to_port', 'must be a 10-digit North American number');
		} else if (country) {
			const npa = digits.slice(0, 3);
			const isTollFree = TOLL_FREE_NPA.includes(npa);
			if (isTollFree && tollFree === false) {
				c.fail('number_to_port', `${npa} is a toll-free prefix but toll_free is false`);
			} else if (!/^[2-9]/.test(npa)) {
				// Any North American number may be ported (the description gives no area-code rule);
				// the dataset's area codes only serve the lookups and new-number requests.
				c.fail('number_to_port', `${npa} is not an area code of ${country}`);
			} else if (!/^[2-9]/.test(digits.charAt(3))) {
				c.fail('number_to_port', `exchange ${digits.slice(3, 6)} must start with 2-9`);
			}
		}
	}
	return { payload: c.out, errors: c.errors };
}

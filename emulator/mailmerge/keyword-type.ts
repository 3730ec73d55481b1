/**
 * How interface B writes a fax's `Keyword`: the description types it integer in the field table
 * while its sample shows a string, so a legal service may write either.
 */
export const KEYWORD_TYPES = ['string', 'integer'] as const;
export type KeywordType = (typeof KEYWORD_TYPES)[number];

const INTEGER = /^[+-]?\d+$/;

/**
 * The `Keyword` of a fax whose CSV line held `value`: as written (`string`), or (`integer`) a JSON
 * number where the value reads as a whole number (`007` is 7), null where it is empty (or there is
 * no keyword column), and other text as written, as the sample shows.
 */
export function keywordView(type: KeywordType, value: string): string | number | null {
	if (type === 'string') return value;
	const text = value.trim();
	if (text === '') return null;
	return INTEGER.test(text) ? Number(text) : value;
}

export function keywordType(type: string): KeywordType {
	if (!(KEYWORD_TYPES as readonly string[]).includes(type)) {
		throw new Error(`keyword type must be one of ${KEYWORD_TYPES.join(', ')}`);
	}
	return type as KeywordType;
}

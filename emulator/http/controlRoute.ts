/**
 * A route of the control API: method, path under the control prefix, and what it answers; a call
 * that answers nothing (undefined) answers `{ ok: true }`.
 */
export type ControlRoute = [
	string,
	RegExp,
	(body: any, match: RegExpMatchArray, query: URLSearchParams) => unknown,
];

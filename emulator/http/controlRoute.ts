/** A route of the control API: method, path under the control prefix, and what it answers. */
export type ControlRoute = [
	string,
	RegExp,
	(body: any, match: RegExpMatchArray, query: URLSearchParams) => unknown,
];

/** Runs a control call that answers nothing, and answers `{ ok: true }`. */
export function ok(run: () => unknown): { ok: true } {
	run();
	return { ok: true };
}

/**
 * What a route of the control API (control/http-routes.ts) answers, from the JSON body, the path's
 * match and the query; undefined answers `{ ok: true }`.
 */
export type ControlCall = (body: any, match: RegExpMatchArray, query: URLSearchParams) => unknown;

/** The version 2 cases of Number Request and Number Lookup, each checked against its schema. */
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase } from '../lib/run-cases';

/** A case of a number operation: one request, and what came back is what its schema shows. */
function numberCase(
	title: string,
	workflow: string,
	operation: string,
	request: [method: string, path: string] | undefined,
	nodes: string[],
): E2eCase {
	const resource = operation.startsWith('get') ? 'numberLookup' : 'numberRequest';
	return {
		title,
		workflow: `test/e2e/workflows/v2/${workflow}`,
		check(result) {
			if (request) assert.ok(Number(onlyRequest(result.requests, ...request).status) < 300);
			const items = nodes.flatMap((node) => jsonOf(result.items(node)));
			assert.ok(items.length > 0);
			assertMatchesSchema(items, { version: 2, resource, operation });
		},
	};
}

export const v2NumberCases: E2eCase[] = [
	numberCase(
		'v2 number request: non-toll-free',
		'number-request-non-toll-free.json',
		'nonTollFree',
		['POST', '/api/numbers/add-new-number-request/non-toll-free'],
		['Request Number'],
	),
	numberCase(
		'v2 number request: toll-free',
		'number-request-toll-free.json',
		'tollFree',
		['POST', '/api/numbers/add-new-number-request/toll-free'],
		['Request Toll-Free Number'],
	),
	numberCase(
		'v2 number request: port-in',
		'number-request-port-in.json',
		'portIn',
		['POST', '/api/numbers/add-port-request'],
		['Request Port-In'],
	),
	numberCase('v2 number lookup: regions', 'number-lookup-regions.json', 'getRegions', undefined, [
		'Canadian Provinces',
		'First Three US States',
	]),
	numberCase(
		'v2 number lookup: cities',
		'number-lookup-cities.json',
		'getCities',
		// A region no other case looks up (a request naming a region and city looks its cities up
		// too): the node caches lookups for 24 hours in the n8n process.
		['GET', '/api/numbers/cities/US/HI'],
		['Cities of Hawaii'],
	),
	numberCase(
		'v2 number lookup: area codes',
		'number-lookup-area-codes.json',
		'getAreaCodes',
		undefined,
		['Area Codes of New York City', 'Area Codes of Ontario'],
	),
];

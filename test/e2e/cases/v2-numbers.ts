/** The version 2 cases of Number Request and Number Lookup, each checked against its schema. */
import { assert, jsonOf, onlyRequest } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase } from '../lib/run-cases';

const NEW = '/api/numbers/add-new-number-request';

/**
 * A case of a number operation, "v2 number <what>" (workflow v2/number-<what, dashed>.json): one
 * request ("METHOD /path"), and what came back is what its schema shows.
 */
function numberCase(what: string, operation: string, nodes: string[], request?: string): E2eCase {
	const resource = operation.startsWith('get') ? 'numberLookup' : 'numberRequest';
	return {
		title: `v2 number ${what}`,
		workflow: `test/e2e/workflows/v2/number-${what.replace(/:? /g, '-')}.json`,
		check(result) {
			if (request) {
				const [method, path] = request.split(' ');
				assert.ok(Number(onlyRequest(result.requests, method, path).status) < 300);
			}
			const items = nodes.flatMap((node) => jsonOf(result.items(node)));
			assert.ok(items.length > 0);
			assertMatchesSchema(items, { version: 2, resource, operation });
		},
	};
}

/** Each case: what it is, the operation, the nodes whose output is checked, its one request. */
const CASES: Array<[what: string, operation: string, nodes: string[], request?: string]> = [
	['request: non-toll-free', 'nonTollFree', ['Request Number'], `POST ${NEW}/non-toll-free`],
	['request: toll-free', 'tollFree', ['Request Toll-Free Number'], `POST ${NEW}/toll-free`],
	['request: port-in', 'portIn', ['Request Port-In'], 'POST /api/numbers/add-port-request'],
	['lookup: regions', 'getRegions', ['Canadian Provinces', 'First Three US States']],
	// A region no other case looks up (a request naming a region and city looks its cities up
	// too): the node caches lookups for 24 hours in the n8n process.
	['lookup: cities', 'getCities', ['Cities of Hawaii'], 'GET /api/numbers/cities/US/HI'],
	['lookup: area codes', 'getAreaCodes', ['Area Codes of New York City', 'Area Codes of Ontario']],
];

export const v2NumberCases: E2eCase[] = CASES.map((row) => numberCase(...row));

import type { PairRatios } from './lib/pairs';

/**
 * The goals the node is held to (issue 28), each against what any node inside n8n pays: the
 * helper floor (a node sending the same bytes through n8n's request helper and nothing else).
 */
export const GOALS = {
	sendVsFloor: 1.05,
	/**
	 * Send Once per Key against the floor reading the same per-item key (an expression n8n
	 * evaluates for every item) and making the same lookup before each send. The floor's two
	 * requests per item and the key's evaluation are what any node pays; the node's own work per
	 * item is its parameters, the key's digest and reading the search's answer, as in a bulk send
	 * (x1.05) but done for twice the requests, hence twice the allowance.
	 */
	sendOnceVsFloor: 1.1,
	drainVsFloor: 1.2,
	/** Cost curves (issue Q): per unit, the largest size (ten times the work) over the middle size. */
	curveGrowth: 1.25,
	mailMergeVsCsv: 1.5,
	/** The download against n8n's own HTTP Request node saving the same file (curl is a figure). */
	downloadVsHttpRequest: 1.2,
} as const;

export const atLeast = (pairs: PairRatios, limit: number): boolean => pairs.median >= limit;

/**
 * Against the HTTP Request node, the node is held to what the helper floor itself reaches over it
 * in the same pair, less the node's allowance over the floor: a target any node sending through
 * n8n's request helper can meet. The share of the floor's reach the node must reach, exactly
 * (1 / 1.05 is 0.952...; the target's text shows it rounded).
 */
export function floorReachShare(allowance: number): number {
	return 1 / allowance;
}

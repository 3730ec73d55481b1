/** The goals (issue 28), each against the helper floor: what any node inside n8n pays. */
export const GOALS = {
	sendVsFloor: 1.05,
	/** Send Once: the floor makes the same lookup before each send; twice the requests, twice x1.05. */
	sendOnceVsFloor: 1.1,
	drainVsFloor: 1.2,
	/** Cost curves (issue Q): per unit, the largest size (ten times the work) over the middle size. */
	curveGrowth: 1.25,
	mailMergeVsCsv: 1.5,
	/** The download against n8n's own HTTP Request node saving the same file (curl is a figure). */
	downloadVsHttpRequest: 1.2,
} as const;

/**
 * n8n's two engines for poll triggers (read from n8n 2.40.7's and 2.41.1's dist):
 *  - in-memory: each Poll Times entry is a cron job in the main process; static data and the
 *    execution are saved as two separate writes. The only engine of 1.x, the default of 2.x.
 *  - durable: the scheduler stores each poll as a database task with its own timeout and budget
 *    (getPollBudgetMs); with durable cursors the node's static data is a cursor (poller_state)
 *    committed in the execution's transaction. Needs the workflow publication service.
 */
export type PollEngine = 'in-memory' | 'durable';

export const POLL_ENGINE_ENV: Record<PollEngine, Record<string, string>> = {
	'in-memory': {},
	durable: {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	},
};

/**
 * How long a newly published trigger's first poll may take, per engine: the durable scheduler
 * polls at a whole minute, after its own start.
 */
export const FIRST_POLL_WAIT_MS: Record<PollEngine, number> = {
	'in-memory': 60_000,
	durable: 150_000,
};

export const POLL_ENGINE_NAMES: Record<PollEngine, string> = {
	'in-memory': 'in-memory poll engine',
	durable: 'durable poll scheduler with durable cursors',
};

/** Whether an n8n environment keeps poll triggers' state as durable cursors (table poller_state). */
export function usesDurableCursors(env: NodeJS.ProcessEnv): boolean {
	return env.N8N_POLLER_DURABLE_CURSORS_ENABLED === 'true';
}

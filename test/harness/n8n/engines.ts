/**
 * n8n's two engines for poll triggers, and what switches each on. Read from n8n 2.40.7's and
 * 2.41.1's dist (@n8n/config scheduler.config.js, n8n/dist/scheduling/poll-trigger-node/,
 * n8n/dist/workflows/triggers/poll-cursor.service.js):
 *  - in-memory: each Poll Times entry is a cron job in the main process (n8n-core's
 *    ScheduledTaskManager); after a poll n8n saves the workflow's static data and creates the
 *    execution as two separate writes. The only engine of n8n 1.x, the default of 2.x.
 *  - durable: the durable scheduler (main only) stores each poll as a task in the database, runs
 *    it with its own timeout (N8N_SCHEDULER_POLL_TIMEOUT, 45 s by default) and a budget it
 *    reports to the node (getPollBudgetMs), backs off after failures, and, with durable cursors,
 *    keeps the node's static data as a cursor (table poller_state) committed in the same
 *    transaction as the execution it emits. Needs the workflow publication service (on by
 *    default in 2.40.7 and 2.41.1).
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

/** How a report names an engine. */
export const POLL_ENGINE_NAMES: Record<PollEngine, string> = {
	'in-memory': 'in-memory poll engine',
	durable: 'durable poll scheduler with durable cursors',
};

/** Whether an n8n environment keeps poll triggers' state as durable cursors (table poller_state). */
export function usesDurableCursors(env: NodeJS.ProcessEnv): boolean {
	const { N8N_POLLER_DURABLE_CURSORS_ENABLED: durable } = POLL_ENGINE_ENV.durable;
	return env.N8N_POLLER_DURABLE_CURSORS_ENABLED === durable;
}

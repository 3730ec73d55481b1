import type { PostgresService } from './postgres';
import type { RedisService } from './redis';

/**
 * Binary data mode of a queue-mode n8n: `database`. n8n 2.40 offers default (memory), filesystem,
 * s3, azure and database; s3 and azure need an enterprise license, filesystem needs one folder
 * shared by every process, memory is not shared at all. `database` keeps each file in the
 * `binary_data` table of the shared Postgres, and is n8n 2.x's own default in queue mode
 * (n8n-core BinaryDataConfig: `mode ??= executions.mode === 'queue' ? 'database' : 'filesystem'`).
 */
export const QUEUE_BINARY_DATA_MODE = 'database';

/**
 * Environment every process of a queue-mode n8n shares (main, workers, CLI commands): executions
 * queued in Redis (Bull), everything stored in Postgres, binary data in the database. Passwords
 * travel only in the environment of the child processes.
 */
export function queueModeEnv(services: {
	postgres: PostgresService;
	redis: RedisService;
}): NodeJS.ProcessEnv {
	const { postgres, redis } = services;
	return {
		EXECUTIONS_MODE: 'queue',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		QUEUE_BULL_REDIS_PASSWORD: redis.password,
		N8N_DEFAULT_BINARY_DATA_MODE: QUEUE_BINARY_DATA_MODE,
	};
}

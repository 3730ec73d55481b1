import type { PostgresService } from './postgres';
import type { RedisService } from './redis';

/**
 * Binary data mode of a queue-mode n8n: each file in the shared Postgres (n8n 2.x's own default
 * in queue mode; s3 and azure need a license, filesystem a folder shared by every process).
 */
export const QUEUE_BINARY_DATA_MODE = 'database';

/** Environment every process of a queue-mode n8n shares: Redis (Bull) queue, Postgres store. */
export function queueModeEnv(services: { postgres: PostgresService; redis: RedisService }) {
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

import fs from 'node:fs';

import type { PostgresService } from '../../harness/services/postgres';
import type { DeployInstance } from './instance';

/**
 * Runs `body` while the database refuses every change of one column of one table, which is what
 * a failed write looks like to n8n (a Postgres trigger raising `message`); lifts the refusal after.
 */
export async function withColumnWritesRefused(
	postgres: PostgresService,
	[table, column]: [string, string],
	message: string,
	body: () => Promise<void>,
): Promise<void> {
	const name = `deploy_test_refuse_${table}_${column}`.toLowerCase();
	postgres.sql(`CREATE FUNCTION ${name}() RETURNS trigger AS $$
		BEGIN
			IF NEW."${column}"::text IS DISTINCT FROM OLD."${column}"::text THEN
				RAISE EXCEPTION '${message}';
			END IF;
			RETURN NEW;
		END $$ LANGUAGE plpgsql`);
	postgres.sql(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table}
		FOR EACH ROW EXECUTE FUNCTION ${name}()`);
	try {
		await body();
	} finally {
		postgres.sql(`DROP TRIGGER ${name} ON ${table}`);
		postgres.sql(`DROP FUNCTION ${name}()`);
	}
}

/**
 * Runs `body` while Postgres holds back every execution insert (a transaction holding a SHARE
 * lock on execution_entity), then rolls that transaction back.
 */
export async function withExecutionInsertsHeld(
	postgres: PostgresService,
	body: () => Promise<void>,
): Promise<void> {
	const session = await postgres.session();
	try {
		await session.run('BEGIN');
		await session.run('LOCK TABLE execution_entity IN SHARE MODE');
		await body();
		await session.run('ROLLBACK');
	} finally {
		await session.close();
	}
}

/** The first line main logs from now on that matches `pattern`, read when asked. */
export function mainLogFromNow(instance: DeployInstance): (pattern: RegExp) => string | undefined {
	const start = fs.statSync(instance.logFile('main')).size;
	return (pattern) =>
		fs
			.readFileSync(instance.logFile('main'), 'utf8')
			.slice(start)
			.split('\n')
			.find((line) => pattern.test(line));
}

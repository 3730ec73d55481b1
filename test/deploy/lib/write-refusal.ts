import fs from 'node:fs';

import type { PostgresService } from '../../harness/services/postgres';
import type { DeployInstance } from './instance';

/**
 * Makes the database refuse every change of one column of one table, which is what a failed
 * write looks like to n8n (a Postgres trigger raising `message`). Returns what lifts the refusal.
 */
export function refuseColumnWrites(
	postgres: PostgresService,
	table: string,
	column: string,
	message: string,
): () => void {
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
	return () => {
		postgres.sql(`DROP TRIGGER ${name} ON ${table}`);
		postgres.sql(`DROP FUNCTION ${name}()`);
	};
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

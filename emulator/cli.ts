import { parseArgs } from 'node:util';
import { startEmulator } from './index';
import { SEED_TOKENS, SEED_USERS } from './seed-data';

/** `--port N`, `--port=N` or FAX_CLOUD_EMULATOR_PORT; 0 (free ports) by default. */
function portFromArgs(argv: string[]): number {
	const options = { port: { type: 'string' } } as const;
	const { port: given } = parseArgs({ args: argv, options, strict: false }).values;
	const raw = given === undefined ? process.env.FAX_CLOUD_EMULATOR_PORT : String(given);
	const port = Number(raw ?? 0);
	if (!Number.isInteger(port) || port < 0 || port > 65533) throw new Error(`invalid port ${raw}`);
	return port;
}

async function main(): Promise<void> {
	const emulator = await startEmulator({
		port: portFromArgs(process.argv.slice(2)),
		clock: 'real',
		demoTraffic: true,
		log: (line) => console.log(line),
	});
	const { urls } = emulator;
	const lines = [
		'Fax Cloud emulator running (real clock, demo inbound traffic on)',
		'',
		`  Fax REST (A)     ${urls.fax}`,
		`  Mail merge (B)   ${urls.mailMerge}`,
		`  Numbers (C)      ${urls.numbers}`,
		`  Control          ${urls.control}`,
		'',
		'Demo logins (HTTP Basic, interfaces A and B):',
		...Object.values(SEED_USERS).map(
			(u) =>
				`  ${u.userId.padEnd(14)} ${u.password}${u.userId.startsWith('admin@') ? '   (proxy)' : ''}`,
		),
		'',
		'Numbers tokens (Bearer):',
		`  ${SEED_TOKENS.acme}      acts as admin@acme`,
		`  ${SEED_TOKENS.globex}    acts as admin@globex`,
		'',
		'Destination numbers ending in 0002 are busy, 1041 blocked, 4001 fail conversion: see emulator/README.md.',
		'Ctrl-C stops it.',
	];
	console.log(lines.join('\n'));
	const stop = (): void => {
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((e) => {
	console.error(e instanceof Error ? e.message : e);
	process.exit(1);
});

import { execFileSync } from 'node:child_process';

/**
 * Installs Debian packages when what they provide is missing (CI starts from a clean machine).
 * The harness never uses a system service they start: it runs its own servers on free ports.
 */
export function ensureAptPackages(what: string, present: () => boolean, packages: string[]): void {
	if (present()) return;
	console.log(`Installing Debian ${packages.join(', ')} for ${what} (apt-get)...`);
	const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
	const run = (args: string[]): void => {
		const [command, ...rest] = [...sudo, ...args];
		execFileSync(command, rest, {
			stdio: 'inherit',
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
	};
	// Other projects may run apt on this machine at the same time: wait for its lock.
	const lock = ['-o', 'DPkg::Lock::Timeout=600'];
	run(['apt-get', ...lock, 'update']);
	run(['apt-get', ...lock, 'install', '-y', '--no-install-recommends', ...packages]);
	if (!present())
		throw new Error(`apt-get installed ${packages.join(', ')}, but ${what} is missing`);
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * These machines have no Chromium until a project installs Debian's package; CI starts from a
 * clean machine, so the check installs it itself (apt works offline from Debian's mirror here).
 */
export function ensureChromium(): void {
	if (fs.existsSync(CHROMIUM)) return;
	console.log('Installing Debian chromium (apt-get)...');
	const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
	const run = (args: string[]): void => {
		const [command, ...rest] = [...sudo, ...args];
		execFileSync(command, rest, {
			stdio: 'inherit',
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
	};
	run(['apt-get', 'update']);
	run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
	if (!fs.existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium, but ${CHROMIUM} is missing`);
}

export async function launchChromium(): Promise<Browser> {
	ensureChromium();
	return await chromium.launch({
		executablePath: CHROMIUM,
		// Without the background-networking flags Chromium keeps calling Google's hosts, which this
		// closed network refuses.
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
}

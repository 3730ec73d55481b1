import fs from 'node:fs';

import { chromium, type Browser } from 'playwright-core';

import { ensureAptPackages } from '../harness/services/apt';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * These machines have no Chromium until a project installs Debian's package; CI starts from a
 * clean machine, so the check installs it itself, as the deploy part does Redis and PostgreSQL.
 */
export function ensureChromium(): void {
	ensureAptPackages(`Chromium (${CHROMIUM})`, () => fs.existsSync(CHROMIUM), ['chromium']);
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

import type { Page } from 'playwright-core';

import type { Emulator } from '../../../emulator';
import type { DescribedNode } from '../described-node';

/** What a step of the editor check works with. */
export interface StepContext {
	page: Page;
	serverUrl: string;
	emulator: Emulator;
	node: DescribedNode;
	/** Saves a numbered screenshot in .test-output/browser/ and returns its path. */
	shot: (page: Page, name: string) => Promise<string>;
}

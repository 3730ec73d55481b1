import type { E2eCase } from '../lib/types';
import { aiAgentCases } from './ai-agent';
import { editorV2Cases } from './editor-v2';
import { exampleCases } from './examples';
import { inboundFaxCases } from './inbound-fax';
import { mailMergeCases } from './mail-merge';
import { numberCases } from './numbers';
import { outboundFaxCases } from './outbound-fax';
import { timezoneCases } from './timezones';
import { twoFilesCases } from './two-files';

/** In order: later cases of a resource use what earlier ones created (kept in ctx.state). */
export const ALL_CASES: E2eCase[] = [
	...outboundFaxCases,
	...inboundFaxCases,
	...mailMergeCases,
	...numberCases,
	...timezoneCases,
	...exampleCases,
	...twoFilesCases,
	...aiAgentCases,
	...editorV2Cases,
];

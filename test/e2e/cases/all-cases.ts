/** Every case of the case phase; each makes what it needs, so any one runs alone (--only). */
import type { E2eCase } from '../lib/run-cases';
import { aiAgentCases } from './ai-agent';
import { exampleCases } from './shipped-examples';
import { inboundFaxCases } from './inbound-fax';
import { mailMergeCases } from './mail-merge-job';
import { numberCases } from './numbers';
import { outboundFaxCases } from './outbound-fax';
import { timezoneCases } from './timezones';
import { v2MailMergeCases } from './v2-mail-merge';
import { v2NumberCases } from './v2-numbers';
import { v2InboundCases, v2OutboundCases } from './v2-fax-cases';

export const ALL_CASES: E2eCase[] = [
	...outboundFaxCases,
	...inboundFaxCases,
	...mailMergeCases,
	...numberCases,
	...timezoneCases,
	...exampleCases,
	...aiAgentCases,
	...v2OutboundCases,
	...v2InboundCases,
	...v2MailMergeCases,
	...v2NumberCases,
];

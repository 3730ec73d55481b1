import { inboundFaxResource } from './inboundFax/InboundFax.resource';
import { mailMergeJobResource } from './mailMergeJob/MailMergeJob.resource';
import { numberLookupResource } from './numberLookup/NumberLookup.resource';
import { numberRequestResource } from './numberRequest/NumberRequest.resource';
import { outboundFaxResource } from './outboundFax/OutboundFax.resource';
import type { FaxCloudResource } from './types';

/** Every resource of the Fax Cloud node, in the order of the Resource dropdown. */
export const RESOURCES: FaxCloudResource[] = [
	outboundFaxResource,
	inboundFaxResource,
	mailMergeJobResource,
	numberRequestResource,
	numberLookupResource,
].filter((resource) => Object.keys(resource.operations).length > 0);

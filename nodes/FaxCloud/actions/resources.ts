import { inboundFaxResource } from './inboundFax/InboundFax.resource';
import { mailMergeJobResource } from './mailMergeJob/MailMergeJob.resource';
import type { ResourceName } from './common/node.type';
import { numberLookupResource } from './numberLookup/NumberLookup.resource';
import { numberRequestResource } from './numberRequest/NumberRequest.resource';
import { outboundFaxResource } from './outboundFax/OutboundFax.resource';
import type { FaxCloudResource } from './common/operationShape';

/** Every resource of the Fax Cloud node, in the order of the Resource dropdown. */
export const RESOURCES: { [R in ResourceName]: FaxCloudResource<R> } = {
	outboundFax: outboundFaxResource,
	inboundFax: inboundFaxResource,
	mailMergeJob: mailMergeJobResource,
	numberRequest: numberRequestResource,
	numberLookup: numberLookupResource,
};

// The service's three interfaces: their credential, base URL field and its label.
import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

/** The three HTTP interfaces of the service: A fax REST, B mail merge, C numbers. */
export type FaxCloudInterface = 'fax' | 'mailMerge' | 'numbers';

/** Every n8n context the nodes call the service from. */
export type FaxCloudContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_OF: Record<FaxCloudInterface, string> = {
	fax: 'faxCloudApi',
	mailMerge: 'faxCloudApi',
	numbers: 'faxCloudNumbersApi',
};

export const BASE_URL_FIELD_OF: Record<FaxCloudInterface, string> = {
	fax: 'faxBaseUrl',
	mailMerge: 'mailMergeBaseUrl',
	numbers: 'numbersBaseUrl',
};

export const BASE_URL_LABEL_OF: Record<FaxCloudInterface, string> = {
	fax: 'Fax API Base URL',
	mailMerge: 'Mail Merge Base URL',
	numbers: 'Numbers Base URL',
};

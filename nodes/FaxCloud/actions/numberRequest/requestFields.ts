import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { validateEmail } from '../../../shared/validation/addressChecks';

export const REQUEST_LABELS = {
	notifyEmails: 'Notification Email',
	assignToUser: 'Assign to User',
	comment: 'Comment',
	department: 'Department',
	forwardFrom: 'Forward From',
} as const;

export const createUserFirstNotice: INodeProperties = {
	displayName:
		'Create the user who will receive the number before requesting it: until that user exists, faxes to the new number go to the default user account',
	name: 'createUserFirstNotice',
	type: 'notice',
	default: '',
};

export const notifyEmailsParameter: INodeProperties = {
	displayName: REQUEST_LABELS.notifyEmails,
	name: 'notifyEmails',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. it@example.com, fax-admin@example.com',
	description:
		'Addresses e-mailed whenever the provider’s staff act on the request, separated by commas',
};

export const assignToUserParameter: INodeProperties = {
	displayName: REQUEST_LABELS.assignToUser,
	name: 'assignToUser',
	type: 'string',
	default: '',
	placeholder: 'e.g. alice@acme',
	description: 'Fax user who receives the number; create the user first',
};

export const commentOption: INodeProperties = {
	displayName: REQUEST_LABELS.comment,
	name: 'comment',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	description: 'Note for the provider’s support staff who handle the request',
};

export const departmentOption: INodeProperties = {
	displayName: REQUEST_LABELS.department,
	name: 'departmentName',
	type: 'string',
	default: '',
	description: 'Department the number is for',
};

/** Every address of Notification Email, checked; the service needs at least one. */
export function readNotifyEmails(this: IExecuteFunctions, itemIndex: number): string[] {
	const raw = this.getNodeParameter('notifyEmails', itemIndex, '') as unknown;
	const parts = (Array.isArray(raw) ? raw.map(String) : textOf(raw).split(/[,;\s]+/))
		.map((part) => part.trim())
		.filter((part) => part !== '');
	if (parts.length === 0) {
		throw invalidParameter(
			this,
			REQUEST_LABELS.notifyEmails,
			'enter at least one e-mail address, e.g. it@example.com',
			itemIndex,
		);
	}
	return [
		...new Set(
			parts.map((part) => validateEmail(this, part, REQUEST_LABELS.notifyEmails, itemIndex)),
		),
	];
}

/**
 * The fields all three requests take: notify_email, and assign_to_user, department_name and
 * comment when the user set them. A field the user left empty is not sent: the toll-free payload
 * the description shows has no department_name at all.
 */
export function readCommonFields(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const fields: IDataObject = { notify_email: readNotifyEmails.call(this, itemIndex) };
	const optional: IDataObject = {
		assign_to_user: textOf(this.getNodeParameter('assignToUser', itemIndex, '')),
		department_name: textOf(options.departmentName),
		comment: textOf(options.comment),
	};
	for (const [name, value] of Object.entries(optional)) if (value !== '') fields[name] = value;
	return fields;
}

/**
 * The non-toll-free and port-in payloads the description shows list department_name and
 * assign_to_user with "may be empty": those two go out empty when unset, as in those payloads.
 */
export const EMPTY_WHEN_UNSET: Readonly<IDataObject> = { department_name: '', assign_to_user: '' };

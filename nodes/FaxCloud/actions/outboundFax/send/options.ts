import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../../shared/optionsCollection';
import { textOf } from '../../../../shared/parameterText';
import { invalidParameter } from '../../../../shared/validation/parameterErrors';
import {
	validateBoolean,
	validateChoice,
	validateInteger,
} from '../../../../shared/validation/valueChecks';
import {
	validateCoverMessage,
	validatePriority,
	validateTsi,
} from '../../../../shared/validation/sendFieldChecks';
import { validateDatetime } from '../../../../shared/validation/datetimeCheck';
import { validateEmail } from '../../../../shared/validation/addressChecks';
import type { RequestParams } from '../../../../shared/transport/httpEncoding';
import { booleanOptions, integerOptions } from '../../common/collectionOptions';
import { requestsAtOnceOption } from '../../common/requestsAtOnce';
import { RECOVERY_KEY_OPTION, SEND_ONCE_OPTION } from './keys';

const PAGE_ORIENTATIONS = ['portrait', 'landscape'] as const;

export const sendOptionsCollection: INodeProperties = {
	...OPTIONS_COLLECTION,
	options: [
		{
			displayName: 'Attach Fax to Failure Notification',
			name: 'notifyFailedAttachFax',
			type: 'boolean',
			default: true,
			description: 'Whether the failure e-mail carries the fax image (NotifyFailedAttachFax)',
		},
		{
			displayName: 'Batch Name',
			name: 'batchName',
			type: 'string',
			default: '',
			description:
				'Batch name stored with the fax (BatchName), usable as a Get Many filter; with Batch Unique ID also set the node cannot look a fax up after a lost connection',
		},
		{
			displayName: 'Batch Unique ID',
			name: 'batchUniqueId',
			type: 'string',
			default: '',
			description:
				'Batch ID stored with the fax (BatchUniqueId), usable as a Get Many filter; when empty the node stores its recovery key here unless Recovery Key in Batch Fields is off',
		},
		{
			displayName: 'Cover Page',
			name: 'coverPageEnabled',
			type: 'boolean',
			default: true,
			description:
				'Whether to add a cover page; without a Cover Page Template the default one is used. Any other cover page option turns it on.',
		},
		{
			displayName: 'Cover Page CC',
			name: 'coverFieldCc',
			type: 'string',
			default: '',
			description: 'Text of the CC field of the cover page (CoverFieldCC)',
		},
		{
			displayName: 'Cover Page Custom Fields',
			name: 'coverFields',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Field',
			default: {},
			description: 'Values of custom fields of the cover page template (CoverField_N)',
			options: [
				{
					displayName: 'Field',
					name: 'field',
					values: [
						{
							displayName: 'Field Number',
							name: 'number',
							type: 'string',
							default: '',
							placeholder: 'e.g. 310',
							description:
								'Number N of the template field field-N; sent as the parameter CoverField_N',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							description: 'Text to put into the field',
						},
					],
				},
			],
		},
		{
			displayName: 'Cover Page Message',
			name: 'coverMessage',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'Message on the cover page: at most 12 lines of 128 characters (CoverMessage)',
		},
		{
			displayName: 'Cover Page Template',
			name: 'coverPageName',
			type: 'string',
			default: '',
			placeholder: 'e.g. confidential',
			description: 'Name of a cover page template stored on the fax server (CoverPageName)',
		},
		{
			displayName: 'Delete After Send',
			name: 'deleteAfterSend',
			type: 'boolean',
			default: false,
			description:
				'Whether the service deletes the fax once it is sent; failed faxes are always kept (DeleteAfterSend)',
		},
		{
			displayName: 'Description',
			name: 'faxDescription',
			type: 'string',
			default: '',
			description: 'Note stored with the fax, not printed on it (FaxDescription)',
		},
		{
			displayName: 'Fax Header',
			name: 'faxHeader',
			type: 'string',
			default: '',
			placeholder: 'e.g. %d %t From %i Page %P of %p',
			description:
				'Header line printed on each page, with keywords such as %d date, %t time, %P page, %p pages (FaxHeader); turns the header on unless Fax Header Enabled is off',
		},
		{
			displayName: 'Fax Header Enabled',
			name: 'faxHeaderEnabled',
			type: 'boolean',
			default: true,
			description:
				'Whether each page gets a header line (FaxHeaderEnabled); on without Fax Header prints the default header (date and time, TSI, pages), off leaves out any Fax Header',
		},
		{
			displayName: 'Fax User ID',
			name: 'faxUserId',
			type: 'string',
			default: '',
			placeholder: 'e.g. alice@acme',
			description:
				'Send as this user instead of the login; needs a proxy login of the same organization (FaxUserId)',
		},
		{
			displayName: 'Notification Email',
			name: 'notifyEmailAddress',
			type: 'string',
			default: '',
			placeholder: 'e.g. name@email.com',
			description: 'E-mail address that receives the success and failure notifications',
		},
		{
			displayName: 'Notify on Failure',
			name: 'notifyFailed',
			type: 'boolean',
			default: true,
			description: 'Whether to send an e-mail when the fax could not be sent (NotifyFailed)',
		},
		{
			displayName: 'Notify on Success',
			name: 'notifySuccess',
			type: 'boolean',
			default: true,
			description: 'Whether to send an e-mail when the fax was sent (NotifySuccess)',
		},
		{
			displayName: 'Page Orientation',
			name: 'pageOrientation',
			type: 'options',
			options: [
				{ name: 'Portrait', value: 'portrait' },
				{ name: 'Landscape', value: 'landscape' },
			],
			default: 'portrait',
			description: 'Orientation of text attachments (PageOrientation)',
		},
		{
			displayName: 'Priority',
			name: 'priority',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 0,
			description: 'From 0 to 10; the service stores it but sends all faxes with equal priority',
		},
		{
			displayName: 'Project Code',
			name: 'projectCode',
			type: 'string',
			default: '',
			description:
				'Account number stored with the fax; replaces the account number of the user (ProjectCode)',
		},
		{
			displayName: 'Project Code 2',
			name: 'projectCode2',
			type: 'string',
			default: '',
			description: 'Reference keyword stored with the fax (ProjectCode2)',
		},
		{
			displayName: RECOVERY_KEY_OPTION,
			name: 'recoveryKey',
			type: 'boolean',
			default: true,
			description:
				'Whether the node writes a key (n8n- and 20 characters, derived from the workflow, the node, the execution and the item’s position) into Batch Unique ID, or into Batch Name when you set Batch Unique ID, to look the fax up when the answer to a send is lost and, in a Retry or Retry On Fail, to skip the sends that went out. A Retry keeps its execution’s keys; a new execution, with the same items or not, has its own. With both batch fields empty Batch Name gets the run’s key (n8n-run-…). Off, the batch fields hold only your values, a send whose answer is lost fails with an error saying the fax may or may not have been sent, and a Retry sends every fax again.',
		},
		requestsAtOnceOption,
		{
			displayName: 'Retry Count',
			name: 'retryCount',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 3,
			description: 'Attempts in all, the first included; 3 to 5 is recommended (RetryCount)',
		},
		{
			displayName: 'Retry Interval (Minutes)',
			name: 'retryInterval',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10,
			description: 'Minutes between attempts; 10 to 20 is recommended (RetryInterval)',
		},
		{
			displayName: 'Send After',
			name: 'sendAfter',
			type: 'dateTime',
			default: '',
			description:
				'Do not send before this time, in the workflow’s timezone unless the value ends in Z or an offset such as +05:30 (SendAfter); empty sends as soon as possible',
		},
		{
			displayName: SEND_ONCE_OPTION,
			name: 'sendOnceKey',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.orderNumber }}',
			description:
				'Your own key for each send, such as an order number (a value of the item, not $now or the execution’s own ID, which change on a Retry). The node first looks for a fax with this key sent by this node of this workflow, in any execution, and sends only when there is none; the item then shows the fax found, and so do later items of the run with the same key. The key goes where the recovery key would, so Recovery Key in Batch Fields must stay on and Batch Name or Batch Unique ID empty.',
		},
		{
			displayName: 'Sender ID (TSI)',
			name: 'tsi',
			type: 'string',
			default: '',
			description:
				'Transmitting station identifier shown by the receiving machine, at most 20 characters (TSI)',
		},
		{
			displayName: 'Text Font Name',
			name: 'text2tiffFontName',
			type: 'string',
			default: '',
			description:
				'Font used to render text attachments; the names depend on the fax server (Text2tiffFontName)',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 100, maxValue: 600000 },
			default: 60000,
			description:
				'Milliseconds to wait for the answer to a send; after that the node looks the fax up to learn whether it was created',
		},
	],
};

function coverFieldParams(
	this: IExecuteFunctions,
	itemIndex: number,
	collection: unknown,
): RequestParams {
	const params: RequestParams = {};
	const entries =
		((collection as IDataObject | undefined)?.field as IDataObject[] | undefined) ?? [];
	for (const [position, entry] of entries.entries()) {
		const match = /^(?:field-|CoverField_)?(\d{1,9})$/i.exec(textOf(entry.number));
		if (!match) {
			throw invalidParameter(
				this,
				`Cover Page Custom Fields: Field Number of field ${position + 1}`,
				`"${textOf(entry.number).slice(0, 40)}" is not a field number; use the number N of the template field field-N, e.g. 310`,
				itemIndex,
			);
		}
		params[`CoverField_${Number(match[1])}`] = String(entry.value ?? '');
	}
	return params;
}

/**
 * The send options read from a frozen options collection: one n8n read once for the run (it holds
 * no expression, see runParameters.ts), so every item's options are the same. Only what passed
 * its checks is kept; a bad value fails each item with that item's own error.
 */
const readOptions = new WeakMap<IDataObject, Readonly<RequestParams>>();

/** Every send option of one item in the service's parameter names, validated. */
export function readSendOptions(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): Readonly<RequestParams> {
	const known = readOptions.get(options);
	if (known) return known;
	const params = sendOptionsOf.call(this, itemIndex, options);
	if (Object.isFrozen(options)) readOptions.set(options, Object.freeze(params));
	return params;
}

function sendOptionsOf(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): RequestParams {
	const params: RequestParams = {};
	const strings: Array<[string, string]> = [
		['batchName', 'BatchName'],
		['batchUniqueId', 'BatchUniqueId'],
		['faxDescription', 'FaxDescription'],
		['faxUserId', 'FaxUserId'],
		['projectCode', 'ProjectCode'],
		['projectCode2', 'ProjectCode2'],
		['text2tiffFontName', 'Text2tiffFontName'],
		['coverFieldCc', 'CoverFieldCC'],
		['coverPageName', 'CoverPageName'],
	];
	for (const [option, parameter] of strings) {
		if (textOf(options[option])) params[parameter] = textOf(options[option]);
	}
	Object.assign(
		params,
		booleanOptions.call(this, itemIndex, options, [
			['deleteAfterSend', 'DeleteAfterSend', 'Delete After Send'],
			['notifySuccess', 'NotifySuccess', 'Notify on Success'],
			['notifyFailed', 'NotifyFailed', 'Notify on Failure'],
			['notifyFailedAttachFax', 'NotifyFailedAttachFax', 'Attach Fax to Failure Notification'],
		]),
		integerOptions.call(this, itemIndex, options, [
			['retryCount', 'RetryCount', 'Retry Count', { min: 0 }],
			['retryInterval', 'RetryInterval', 'Retry Interval (Minutes)', { min: 1 }],
		]),
	);
	if (options.priority !== undefined) {
		params.Priority = validatePriority(this, options.priority, 'Priority', itemIndex);
	}
	if (textOf(options.sendAfter)) {
		params.SendAfter = validateDatetime(this, options.sendAfter, 'Send After', itemIndex);
	}
	if (textOf(options.notifyEmailAddress)) {
		params.NotifyEmailAddress = validateEmail(
			this,
			options.notifyEmailAddress,
			'Notification Email',
			itemIndex,
		);
	}
	if (textOf(options.tsi))
		params.TSI = validateTsi(this, textOf(options.tsi), 'Sender ID (TSI)', itemIndex);
	if (options.pageOrientation !== undefined) {
		params.PageOrientation = validateChoice(
			this,
			options.pageOrientation,
			'Page Orientation',
			PAGE_ORIENTATIONS,
			itemIndex,
		);
	}
	if (textOf(options.coverMessage)) {
		params.CoverMessage = validateCoverMessage(
			this,
			String(options.coverMessage),
			'Cover Page Message',
			itemIndex,
		);
	}
	Object.assign(params, coverFieldParams.call(this, itemIndex, options.coverFields));
	Object.assign(params, coverPageSwitch.call(this, itemIndex, options, params));
	Object.assign(params, faxHeaderParams.call(this, itemIndex, options));
	return params;
}

/**
 * The service uses FaxHeader only when FaxHeaderEnabled is true, so the header text goes out only
 * when it takes effect: a header given turns the header on, and Fax Header Enabled off leaves the
 * text out. Off with a text is not refused: round-1 workflows sent that pair and must still run.
 */
function faxHeaderParams(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): RequestParams {
	const header = textOf(options.faxHeader) ? String(options.faxHeader) : undefined;
	if (options.faxHeaderEnabled === undefined) {
		return header === undefined ? {} : { FaxHeader: header, FaxHeaderEnabled: true };
	}
	const enabled = validateBoolean(this, options.faxHeaderEnabled, 'Fax Header Enabled', itemIndex);
	if (enabled && header !== undefined) return { FaxHeader: header, FaxHeaderEnabled: true };
	return { FaxHeaderEnabled: enabled };
}

/** Whether the send carries the node's recovery key; on unless the user turned it off. */
export function readRecoveryKeyOption(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): boolean {
	if (options.recoveryKey === undefined) return true;
	return validateBoolean(this, options.recoveryKey, RECOVERY_KEY_OPTION, itemIndex);
}

/**
 * The service refuses CoverPageName without CoverPageEnabled=true and ignores cover page text
 * without a cover page, so any cover page option turns it on unless the user turned it off.
 */
function coverPageSwitch(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	params: RequestParams,
): RequestParams {
	const usesCoverPage = Object.keys(params).some(
		(name) => name.startsWith('Cover') && name !== 'CoverPageEnabled',
	);
	if (options.coverPageEnabled === undefined)
		return usesCoverPage ? { CoverPageEnabled: true } : {};
	const enabled = validateBoolean(this, options.coverPageEnabled, 'Cover Page', itemIndex);
	if (!enabled && params.CoverPageName !== undefined) {
		throw invalidParameter(
			this,
			'Cover Page',
			'is off while a Cover Page Template is set; turn Cover Page on or remove the template',
			itemIndex,
		);
	}
	return { CoverPageEnabled: enabled };
}

/** How long a send (and its lookup) waits for an answer; undefined leaves the helper's default. */
export function readSendTimeout(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): number | undefined {
	if (options.timeout === undefined) return undefined;
	return validateInteger(this, options.timeout, 'Timeout', { min: 100, max: 600000 }, itemIndex);
}

/** The user's Send Once key of one item; undefined when the option is empty. */
export function readSendOnceKey(options: IDataObject): string | undefined {
	const key = textOf(options.sendOnceKey);
	return key === '' ? undefined : key;
}

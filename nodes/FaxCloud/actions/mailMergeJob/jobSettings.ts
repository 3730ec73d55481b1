import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';
import { textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { validateChoice, validateInteger } from '../../../shared/validation/valueChecks';
import { validateCoverMessage } from '../../../shared/validation/sendFieldChecks';
import { validateDatetime } from '../../../shared/validation/datetimeCheck';
import { validateEmail } from '../../../shared/validation/addressChecks';
import type { RequestParams } from '../../../shared/transport/httpEncoding';
import { booleanOptions } from '../common/collectionOptions';

export const LABELS = {
	faxNumberColumn: 'Fax Number Column',
	keywordColumn: 'Keyword Column',
	barcodeColumn: 'Barcode Column',
	expectedFaxes: 'Expected Faxes',
	coverPage: 'Cover Page',
	coverPageName: 'Cover Page Template',
	coverPageMessage: 'Cover Page Message',
} as const;

/** Parameters of Create that go to the service as they are, after the CSV and template fields. */
export const jobSettingProperties: INodeProperties[] = [
	{
		displayName: LABELS.faxNumberColumn,
		name: 'faxNumberColumn',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. FaxNumber',
		description:
			'Heading of the CSV column that holds each line’s destination fax number (1 and 10 digits for US/Canada, + and the country code otherwise)',
	},
	{
		displayName: LABELS.coverPage,
		name: 'coverPage',
		type: 'options',
		options: [
			{ name: 'No Cover Page', value: 'none' },
			{
				name: 'Default Cover Page',
				value: 'default',
				description: 'The user’s default cover page',
			},
			{
				name: 'Named Template',
				value: 'named',
				description: 'A cover page template stored on the fax server',
			},
		],
		default: 'none',
		description: 'Cover page sent before each merged form',
	},
	{
		displayName: LABELS.coverPageName,
		name: 'coverPageName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. confidential',
		displayOptions: { show: { coverPage: ['named'] } },
		description: 'Name of the cover page template on the fax server',
	},
	{
		displayName: LABELS.coverPageMessage,
		name: 'coverPageMessage',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		displayOptions: { show: { coverPage: ['default', 'named'] } },
		description: 'Text for the message field of the cover page, at most 12 lines of 128 characters',
	},
	{
		...OPTIONS_COLLECTION,
		options: [
			{
				displayName: LABELS.barcodeColumn,
				name: 'barcodeColumn',
				type: 'string',
				default: '',
				placeholder: 'e.g. Barcode',
				description:
					'CSV column whose value is printed as a PDF417 barcode; the template needs a hidden image field of the same name',
			},
			{
				displayName: LABELS.expectedFaxes,
				name: 'expectedFaxes',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description:
					'Number of faxes the job must create; the node counts the CSV data lines when this is not set',
			},
			{
				displayName: LABELS.keywordColumn,
				name: 'keywordColumn',
				type: 'string',
				default: '',
				placeholder: 'e.g. InvoiceNumber',
				description:
					'CSV column whose value becomes each fax’s keyword (Keyword of Get Faxes, ProjectCode2 of the fax)',
			},
			{
				displayName: 'Notification Email',
				name: 'notifyEmail',
				type: 'string',
				placeholder: 'e.g. name@email.com',
				default: '',
				description: 'Address that receives the status notifications of the faxes',
			},
			{
				displayName: 'Notify on Failure',
				name: 'notifyOnFailure',
				type: 'boolean',
				default: true,
				description:
					'Whether to e-mail a notification when a fax fails; without this option the user’s setting applies',
			},
			{
				displayName: 'Notify on Success',
				name: 'notifyOnSuccess',
				type: 'boolean',
				default: true,
				description:
					'Whether to e-mail a notification when a fax is sent; without this option the user’s setting applies',
			},
			{
				displayName: 'Send After',
				name: 'sendAfter',
				type: 'dateTime',
				default: '',
				description:
					'Earliest time the faxes are sent, in the workflow’s timezone unless the value ends in Z or an offset such as +05:30',
			},
		],
	},
];

export interface JobSettings {
	faxNumberColumn: string;
	keywordColumn?: string;
	barcodeColumn?: string;
	expectedFaxes?: number;
	/** Every parameter of POST /Job except the files and ExpectedFaxes. */
	params: RequestParams;
}

const COVER_PAGES = ['none', 'default', 'named'] as const;

/** Checks and translates the job parameters of one run, before any file is read. */
export function readJobSettings(this: IExecuteFunctions, itemIndex: number): JobSettings {
	const faxNumberColumn = textOf(this.getNodeParameter('faxNumberColumn', itemIndex, ''));
	if (faxNumberColumn === '') {
		throw invalidParameter(
			this,
			LABELS.faxNumberColumn,
			'enter the heading of the CSV column that holds the fax numbers',
			itemIndex,
		);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// The service's parameter is spelled FaxNumerColumnName; any other spelling is silently ignored.
	const params: RequestParams = { FaxNumerColumnName: faxNumberColumn };
	const settings: JobSettings = { faxNumberColumn, params };

	const keywordColumn = textOf(options.keywordColumn);
	if (keywordColumn) params.KeywordColumnName = settings.keywordColumn = keywordColumn;
	const barcodeColumn = textOf(options.barcodeColumn);
	if (barcodeColumn) params.BarcodeColumnName = settings.barcodeColumn = barcodeColumn;
	if (options.expectedFaxes !== undefined && options.expectedFaxes !== '') {
		settings.expectedFaxes = validateInteger(
			this,
			options.expectedFaxes,
			LABELS.expectedFaxes,
			{ min: 1 },
			itemIndex,
		);
	}
	if (options.sendAfter) {
		params.SendAfter = validateDatetime(this, options.sendAfter, 'Send After', itemIndex);
	}
	Object.assign(
		params,
		booleanOptions.call(this, itemIndex, options, [
			['notifyOnSuccess', 'NotifyOnSuccess', 'Notify on Success'],
			['notifyOnFailure', 'NotifyOnFailure', 'Notify on Failure'],
		]),
	);
	if (textOf(options.notifyEmail)) {
		params.NotifyEmail = validateEmail(this, options.notifyEmail, 'Notification Email', itemIndex);
	}

	const coverPage = validateChoice(
		this,
		this.getNodeParameter('coverPage', itemIndex, 'none'),
		LABELS.coverPage,
		COVER_PAGES,
		itemIndex,
	);
	if (coverPage !== 'none') {
		if (coverPage === 'default') params.CoverPage = 'default';
		else {
			const name = textOf(this.getNodeParameter('coverPageName', itemIndex, ''));
			if (!name) {
				throw invalidParameter(
					this,
					LABELS.coverPageName,
					'enter the name of a cover page template, or choose Default Cover Page',
					itemIndex,
				);
			}
			params.CoverPage = name;
		}
		const message = String(this.getNodeParameter('coverPageMessage', itemIndex, '') ?? '');
		if (message.trim() !== '') {
			params.CoverPageMessage = validateCoverMessage(
				this,
				message,
				LABELS.coverPageMessage,
				itemIndex,
			);
		}
	}
	return settings;
}

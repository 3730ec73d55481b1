// Attach Fax Image: the parameters, and a fax event as an item with its image within its share.
import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	IPollFunctions,
} from 'n8n-workflow';

import type { FaxDirection } from '../../shared/faxDirections';
import type { FaxImageFormat } from '../../shared/faxImage';
import { downloadFaxImage, FAX_IMAGE_FORMATS } from '../../shared/faxImage';
import { simplifyFax } from '../../shared/simplifiedFax';
import { withinShare } from '../../shared/transport/pollDeadline';
import { imageAllowanceMs } from '../poll/pollBudget';
import { invalidParameter } from '../../shared/validation/parameterErrors';
import { validateChoice } from '../../shared/validation/valueChecks';

export interface ImageSettings {
	format: FaxImageFormat;
	binaryPropertyName: string;
}

/** Image parameters of a fax event, shown for the given event values. */
export function imageParameters(events: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Attach Fax Image',
			name: 'attachImage',
			type: 'options',
			displayOptions: { show: { event: events } },
			options: [
				{ name: 'No', value: 'none', description: 'Only the fax record' },
				{
					name: 'As PDF',
					value: 'pdf',
					description: 'The fax as a PDF document (application/pdf)',
				},
				{ name: 'As TIFF', value: 'tif', description: 'The fax as a TIFF image (image/tiff)' },
			],
			default: 'none',
			description: 'Whether to download the fax image with each event, as a binary file',
		},
		{
			displayName: 'Put Image in Field',
			name: 'binaryPropertyName',
			type: 'string',
			displayOptions: { show: { event: events, attachImage: ['pdf', 'tif'] } },
			default: 'data',
			hint: 'The name of the output binary field to put the fax image in',
		},
	];
}

export function readImageSettings(this: IPollFunctions): ImageSettings | undefined {
	const format = validateChoice(
		this,
		this.getNodeParameter('attachImage', 'none'),
		'Attach Fax Image',
		['none', ...FAX_IMAGE_FORMATS],
	);
	if (format === 'none') return undefined;
	const binaryPropertyName = String(this.getNodeParameter('binaryPropertyName', 'data')).trim();
	if (!binaryPropertyName) {
		throw invalidParameter(
			this,
			'Put Image in Field',
			'enter the name of the binary field for the fax image, e.g. data',
		);
	}
	return { format, binaryPropertyName };
}

/** How the imageError of an image that did not come within its share of the poll begins. */
const IMAGE_NOT_SENT = 'The service did not send the image within';

/**
 * Whether an event item lacks its image because it did not come within its share of the poll:
 * such an image has had its time, and a second share would make a silent image cost the poll
 * twice.
 */
export function imageTimedOut(item: INodeExecutionData): boolean {
	return String(item.json.imageError ?? '').startsWith(IMAGE_NOT_SENT);
}

/**
 * The output item of a fax event: the record, and its image when the event attaches one. An
 * image that cannot be had (not found, a 5xx that lasts through the download's retries, an empty
 * answer) leaves the item without binary and with `imageError`, the cause; the poll tries such an
 * image once more after the other events (faxPoll.ts), then emits the event as it is: one fax
 * never holds back the events behind it.
 */
export function faxEventItem(
	this: IPollFunctions,
	direction: FaxDirection,
	fax: IDataObject,
	image: ImageSettings | undefined,
	simplify = false,
): INodeExecutionData | Promise<INodeExecutionData> {
	const json = simplify ? simplifyFax(direction, fax) : fax;
	// Without an image the item is ready at once: a poll of thousands of events awaits nothing.
	if (!image) return { json };
	return itemWithImage.call(this, direction, fax, json, image);
}

async function itemWithImage(
	this: IPollFunctions,
	direction: FaxDirection,
	fax: IDataObject,
	json: IDataObject,
	image: ImageSettings,
): Promise<INodeExecutionData> {
	// A slow or silent image may take its share of the poll and no more: the fax is then emitted
	// without it, so one image never costs the poll its events (nor the faxes after it).
	const allowanceMs = imageAllowanceMs(this);
	const attempt = await withinShare(
		this,
		allowanceMs,
		async () => await downloadFaxImage.call(this, direction, String(fax.FaxId), image.format),
	);
	const download =
		attempt.value !== undefined
			? { binary: attempt.value }
			: {
					imageError: attempt.shareOver
						? `${IMAGE_NOT_SENT} ${Math.round(allowanceMs / 1000)} s, the time a poll gives one image`
						: (attempt.error as Error).message,
				};
	if ('imageError' in download) return { json: { ...json, imageError: download.imageError } };
	const { binary } = download;
	if (binary.bytes !== 0 && binary.fileSize !== '0 B') {
		return { json, binary: { [image.binaryPropertyName]: binary } };
	}
	return { json: { ...json, imageError: 'The service answered with an empty image' } };
}

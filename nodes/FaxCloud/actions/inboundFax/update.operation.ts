import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport/exchanges';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { validateBoolean } from '../../../shared/validation/valueChecks';
import type { RequestParams } from '../../../shared/transport/httpEncoding';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { faxIdParameters, readFaxId } from '../common/faxId';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

const UPDATE_FIELDS_LABEL = 'Update Fields';

const properties: INodeProperties[] = [
	...faxIdParameters('inbound'),
	{
		displayName: UPDATE_FIELDS_LABEL,
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Marked',
				name: 'mark',
				type: 'boolean',
				default: true,
				description: 'Whether the fax is flagged as processed (Mark)',
			},
			{
				displayName: 'Project Code',
				name: 'projectCode',
				type: 'string',
				default: '',
				description: 'Account number stored with the fax (ProjectCode); empty clears it',
			},
			{
				displayName: 'Project Code 2',
				name: 'projectCode2',
				type: 'string',
				default: '',
				description: 'Keyword stored with the fax (ProjectCode2); empty clears it',
			},
		],
	},
	requestsAtOnceCollection,
];

const displayOptions = showOnlyFor('inboundFax', 'update');

export const description = updateDisplayOptions(displayOptions, properties);

export const execute: ItemExecute = async function (itemIndex) {
	const faxId = readFaxId.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const changes: RequestParams = {};
	if (fields.mark !== undefined) {
		changes.Mark = validateBoolean(this, fields.mark, 'Marked', itemIndex);
	}
	// A field the user added stays in the request even when empty: that is how a code is cleared.
	if (fields.projectCode !== undefined) changes.ProjectCode = String(fields.projectCode);
	if (fields.projectCode2 !== undefined) changes.ProjectCode2 = String(fields.projectCode2);
	if (Object.keys(changes).length === 0) {
		throw invalidParameter(
			this,
			UPDATE_FIELDS_LABEL,
			'add at least one field to change: Marked, Project Code or Project Code 2',
			itemIndex,
		);
	}
	await faxCloudRequest.call(this, {
		api: 'fax',
		method: 'PUT',
		path: apiPath('inboundfaxes', faxId),
		form: changes,
		itemIndex,
	});
	return [{ json: { FaxId: Number(faxId), ...(changes as IDataObject), success: true } }];
};

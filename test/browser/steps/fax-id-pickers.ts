import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import { lastSeq } from '../../../emulator/request-log';
import { CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import type { StepContext } from './step-context';
import { idPicker } from './pickers';

const DIRECTIONS = {
	outbound: { resource: 'outboundFax', collection: 'outboundfaxes' },
	inbound: { resource: 'inboundFax', collection: 'inboundfaxes' },
} as const;

/**
 * Version 2's Fax ID picker of one direction, on a new Get node: 80 new faxes of the credential's
 * user; "From List" shows them newest first (the service asked for FaxId descending), typing the
 * ID of a fax on the second page (50 per page) finds it by reading on with the service's
 * ResultsReference, and "By ID" refuses "fax-12".
 */
export async function faxIdPicker(
	context: StepContext,
	direction: 'outbound' | 'inbound',
): Promise<void> {
	const { emulator } = context;
	const { resource, collection } = DIRECTIONS[direction];
	const options = { userId: SEED_USERS.alice.userId };
	const { lastId } =
		direction === 'outbound'
			? emulator.control.bulkCreateOutbound(80, options)
			: emulator.control.bulkCreateInbound(80, options);
	// On the second page of the list: found only by reading on while filtering.
	const olderId = String(lastId - 60);
	const since = lastSeq(emulator);
	await idPicker(context, {
		resource,
		operation: 'get',
		parameter: 'faxId',
		credential: CREDENTIAL_NAMES.fax,
		newest: [0, 1, 2, 3, 4].map((back) => String(lastId - back)),
		filter: olderId,
		filtered: { includes: olderId },
		invalidId: 'fax-12',
		message: 'Not a valid Fax ID: use a whole number greater than 0',
		name: `${direction}-fax-id-picker`,
	});
	const searches = emulator.control.requests({
		sinceSeq: since,
		api: 'fax',
		path: `^/v1/${collection}$`,
	});
	assert.ok(
		searches.some((r) => r.query.SortOrder === 'desc' && r.query.SortColumn === 'faxId'),
		`the picker asked the service for the newest ${direction} faxes first`,
	);
	assert.ok(
		searches.some((r) => r.query.GetNextResults !== undefined),
		'the filter read on with the service’s ResultsReference',
	);
}

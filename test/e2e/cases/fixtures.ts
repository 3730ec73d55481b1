/**
 * What a case makes for itself in the emulator before its workflow runs, as other clients of the
 * service would leave it: no case depends on another, so any one runs alone (--only) and the
 * order of the cases does not matter.
 */
import fs from 'node:fs';

import { basicAuthorization, SEED_USERS } from '../../../emulator';
import { assert } from '../lib/assert';
import { workflowPath } from '../../harness/environment';
import type { E2eContext } from '../lib/types';

/**
 * A fax alice sent through the service with `params` (wire names), finished by the time this
 * returns: the emulator's clock is moved on until it is sent, or failed for a number that fails.
 */
export async function sentFax(
	ctx: E2eContext,
	faxNumber: string,
	params: Record<string, string> = {},
): Promise<number> {
	const form = new FormData();
	form.append('FaxNumber', faxNumber);
	for (const [name, value] of Object.entries(params)) form.append(name, value);
	form.append('file1', new Blob(['made by the case'], { type: 'text/plain' }), 'fax.txt');
	const res = await fetch(`${ctx.emulator.urls.fax}/outboundfaxes`, {
		method: 'POST',
		headers: { authorization: basicAuthorization(SEED_USERS.alice) },
		body: form,
	});
	const body = (await res.json()) as { FaxInfo?: Array<{ FaxId: string }> };
	assert.equal(res.status, 201, `the fax was sent: ${JSON.stringify(body)}`);
	ctx.emulator.control.advance(10 * 60_000);
	return Number(body.FaxInfo?.[0].FaxId);
}

/** Finished faxes of alice, made in the emulator as other clients of the service leave them. */
export function outboundFaxes(
	ctx: E2eContext,
	count: number,
	options: {
		statuses?: Array<'sent' | 'sendFailed' | 'scheduled'>;
		batchName?: string;
		mark?: boolean;
	} = {},
): number[] {
	const { firstId } = ctx.emulator.control.bulkCreateOutbound(count, {
		userId: SEED_USERS.alice.userId,
		statuses: options.statuses ?? ['sent'],
		batchName: options.batchName,
		mark: options.mark,
		from: ctx.emulator.control.now(),
		to: ctx.emulator.control.now(),
	});
	return Array.from({ length: count }, (_, i) => firstId + i);
}

/** Faxes received for alice. */
export function inboundFaxes(ctx: E2eContext, count: number): number[] {
	return ctx.emulator.control
		.injectInbound({ userId: SEED_USERS.alice.userId, count })
		.map((fax) => Number(fax.FaxId));
}

/** The two-line CSV and the PDF form of the round-1 mail merge workflow. */
function mailMergeFiles(): { csv: Buffer; template: Buffer } {
	const workflow = JSON.parse(
		fs.readFileSync(workflowPath('mail-merge-create-csv.json'), 'utf8'),
	) as {
		nodes: Array<{
			name: string;
			parameters: { assignments?: { assignments: Array<{ value: string }> } };
		}>;
	};
	const base64 = (node: string) =>
		Buffer.from(
			workflow.nodes.find((n) => n.name === node)?.parameters.assignments?.assignments[0].value ??
				'',
			'base64',
		);
	return { csv: base64('CSV Text'), template: base64('Template Text') };
}

/**
 * A finished mail merge job of alice (two faxes, to 12125550000 and 13125550000), created through
 * the service's own interface as another client would.
 */
export async function mailMergeJob(ctx: E2eContext): Promise<number> {
	const { csv, template } = mailMergeFiles();
	const form = new FormData();
	form.append('FaxNumerColumnName', 'Fax');
	form.append('KeywordColumnName', 'Ref');
	form.append('CSV', new Blob([csv], { type: 'text/csv' }), 'recipients.csv');
	form.append('Template', new Blob([template], { type: 'application/pdf' }), 'template.pdf');
	const res = await fetch(`${ctx.emulator.urls.mailMerge}/Job`, {
		method: 'POST',
		headers: { authorization: basicAuthorization(SEED_USERS.alice) },
		body: form,
	});
	const body = (await res.json()) as { JobID?: number };
	assert.equal(res.status, 201, `the job was created: ${JSON.stringify(body)}`);
	return Number(body.JobID);
}

/** Marks a fax as alice's own client would, through the service. */
export async function markFax(
	ctx: E2eContext,
	direction: 'inbound' | 'outbound',
	id: number,
	mark = true,
): Promise<void> {
	const res = await fetch(`${ctx.emulator.urls.fax}/${direction}faxes/${id}`, {
		method: 'PUT',
		headers: {
			authorization: basicAuthorization(SEED_USERS.alice),
			'content-type': 'application/x-www-form-urlencoded',
		},
		body: `Mark=${mark}`,
	});
	assert.ok(res.ok, `${direction} fax ${id} marked ${mark}: ${res.status}`);
}

/**
 * Unmarks every marked inbound fax of alice that other cases left: a case that lists marked faxes
 * then finds its own, whatever ran before it (received times depend on the emulator's clock, which
 * other cases move).
 */
export async function unmarkOtherInbound(ctx: E2eContext): Promise<void> {
	const marked = ctx.emulator.control
		.inboundAll()
		.filter((fax) => !fax.deleted && fax.FaxUserId === SEED_USERS.alice.userId && fax.Mark === 'true');
	for (const fax of marked) await markFax(ctx, 'inbound', Number(fax.FaxId), false);
}

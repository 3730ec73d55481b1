/**
 * What a case (or a trigger or feature check) makes for itself in the emulator, as other clients
 * of the service would leave it: no case depends on another, so any one runs alone (--only).
 */
import fs from 'node:fs';
import path from 'node:path';

import { FormData } from 'undici';

import { SEED_USERS, type Emulator } from '../../../emulator';
import type { BulkOptions } from '../../../emulator/control/inject';
import { call, sendFax, statusOf } from '../../harness/emulatorHttp';
import { assert } from '../lib/assert';
import { workflowPath } from '../../harness/environment';
import { readWorkflow } from '../../harness/n8n/examples';
import type { E2eContext } from '../lib/run-cases';

/** The FaxIds of the files the examples file faxes as (…-fax-<id>.pdf) in `folder`, sorted. */
export const filedFaxIds = (folder: string): number[] =>
	fs
		.readdirSync(folder)
		.map((name) => Number(/-fax-(\d+)\.pdf$/.exec(name)?.[1]))
		.sort((a, b) => a - b);

export function assertPdfFiles(folder: string): void {
	for (const name of fs.readdirSync(folder)) {
		const head = fs.readFileSync(path.join(folder, name)).subarray(0, 5).toString('latin1');
		assert.equal(head, '%PDF-', `${name} is a PDF`);
	}
}

/** A text fax alice sent with `params` (wire names) straight to the emulator; its FaxId. */
export async function faxOfAlice(
	emulator: Emulator,
	faxNumber = '12125550000',
	params: Record<string, string> = {},
): Promise<number> {
	const res = await sendFax(emulator, SEED_USERS.alice, { FaxNumber: faxNumber, ...params });
	assert.equal(res.status, 201, `POST outboundfaxes: ${res.body.toString()}`);
	return Number(res.json.FaxInfo[0].FaxId);
}

/** A fax of alice, finished (sent, or failed for a failing number) by the time this returns. */
export async function sentFax(
	ctx: E2eContext,
	faxNumber: string,
	params: Record<string, string> = {},
): Promise<number> {
	const id = await faxOfAlice(ctx.emulator, faxNumber, params);
	ctx.emulator.control.advance(10 * 60_000);
	return id;
}

/** Finished faxes of alice (sent, unless `statuses`), made now as other clients leave them. */
export function outboundFaxes(
	{ emulator: { control } }: E2eContext,
	count: number,
	options: Pick<BulkOptions, 'statuses' | 'batchName' | 'mark'> = {},
): number[] {
	const now = control.now();
	const bulk = { statuses: ['sent' as const], ...options, userId: SEED_USERS.alice.userId };
	const { firstId } = control.bulkCreateOutbound(count, { ...bulk, from: now, to: now });
	return Array.from({ length: count }, (_, i) => firstId + i);
}

/** Faxes received for alice (or `userId`), with `fields` set on each. */
export function inboundFaxes(
	ctx: E2eContext,
	count: number,
	options: { userId?: string; fields?: Record<string, string> } = {},
): number[] {
	const { userId = SEED_USERS.alice.userId, fields } = options;
	return ctx.emulator.control.injectInbound({ userId, count, fields }).map((f) => Number(f.FaxId));
}

export function inboundRecord(ctx: E2eContext, id: number) {
	const fax = ctx.emulator.control.inboundAll().find((f) => Number(f.FaxId) === id);
	if (!fax) throw new Error(`the emulator has no inbound fax ${id}`);
	return fax;
}

/** A mail merge job of alice with the CSV and PDF form of mail-merge-create-csv.json (2 faxes). */
export async function mailMergeJob(ctx: E2eContext): Promise<number> {
	const { nodes } = readWorkflow(workflowPath('mail-merge-create-csv.json'));
	const base64 = (node: string) => {
		const set = nodes.find((n) => n.name === node)!.parameters;
		const { assignments } = set.assignments as { assignments: Array<{ value: string }> };
		return Buffer.from(assignments[0].value, 'base64');
	};
	const form = new FormData();
	form.append('FaxNumerColumnName', 'Fax');
	form.append('KeywordColumnName', 'Ref');
	form.append('CSV', new Blob([base64('CSV Text')], { type: 'text/csv' }), 'recipients.csv');
	const template = new Blob([base64('Template Text')], { type: 'application/pdf' });
	form.append('Template', template, 'template.pdf');
	const url = `${ctx.emulator.urls.mailMerge}/Job`;
	const res = await call('POST', url, { auth: SEED_USERS.alice, multipart: form });
	assert.equal(res.status, 201, `POST ${url}: ${res.body.toString()}`);
	return Number(res.json.JobID);
}

/** Marks a fax as alice's own client would, through the service. */
export async function markFax(
	ctx: E2eContext,
	direction: 'inbound' | 'outbound',
	id: number,
	mark = true,
): Promise<void> {
	const url = `${ctx.emulator.urls.fax}/${direction}faxes/${id}`;
	const res = await call('PUT', url, { auth: SEED_USERS.alice, form: { Mark: String(mark) } });
	assert.equal(res.status, 201, `${direction} fax ${id} marked ${mark}`);
}

/** The status GET of `path` answers alice on the fax service (e.g. 404 for a deleted fax). */
export const statusForAlice = (ctx: E2eContext, path: string): Promise<number> =>
	statusOf('GET', `${ctx.emulator.urls.fax}${path}`, { auth: SEED_USERS.alice });

/** Unmarks alice's inbound faxes other cases marked: a case listing marked faxes finds its own. */
export async function unmarkOtherInbound(ctx: E2eContext): Promise<void> {
	const { userId } = SEED_USERS.alice;
	for (const fax of ctx.emulator.control.inboundAll()) {
		if (!fax.deleted && fax.FaxUserId === userId && fax.Mark === 'true')
			await markFax(ctx, 'inbound', Number(fax.FaxId), false);
	}
}

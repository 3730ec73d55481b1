// The Fax Cloud Trigger under test, and what its suites do on the service: send, edit, create jobs.
import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { FaxCloudTrigger } from '../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';
import { call, postMailMergeJob, sendFax } from '../emulatorHttp';
import { testCredentials } from './credentials-helper';
import { SEED_TOKENS, SEED_USERS, type SeedUser } from './emulator';
import { pollTrigger } from './poll';

export const triggerNode = new FaxCloudTrigger();

/** The trigger of `parameters`, logged in as alice, against a scripted service at `serviceUrl`. */
export function triggerOnScriptedService(serviceUrl: string, parameters: IDataObject) {
	const urls = { fax: `${serviceUrl}/v1`, mailMerge: `${serviceUrl}/mm/v1`, numbers: serviceUrl };
	const credentials = testCredentials(SEED_USERS.alice, SEED_TOKENS.acme, urls);
	return pollTrigger({ node: triggerNode, parameters, credentials });
}

/** Creates a job of `lines` CSV lines; the emulator reads one line every 2 s, then it is COMPLETE. */
export const createJob = (emu: Emulator, lines: number, user: SeedUser = 'alice') =>
	postMailMergeJob(emu, lines, SEED_USERS[user]);

/** Sends one fax as a seed user; the last four digits script its outcome (emulator README). */
export async function sendOutbound(
	emu: Emulator,
	user: SeedUser,
	faxNumber = '12125550000',
	params: Record<string, string> = {},
	file?: Blob,
): Promise<number> {
	const res = await sendFax(emu, SEED_USERS[user], { FaxNumber: faxNumber, ...params }, file);
	if (res.status !== 201) throw new Error(`send failed: ${res.status} ${res.body.toString()}`);
	return Number(res.json.FaxInfo[0].FaxId);
}

/** Another client of the service, logged in as alice, edits a fax (`path`: `inboundfaxes/7`). */
export async function editFax(emu: Emulator, path: string, form: Record<string, string>) {
	const res = await call('PUT', `${emu.urls.fax}/${path}`, { auth: SEED_USERS.alice, form });
	if (res.status !== 201) throw new Error(`PUT ${path} failed: ${res.status}`);
}

import assert from 'node:assert/strict';

import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { EACH_ONCE, faxesPerNumber, notExactlyOnce, sorted, whatTheRunDid } from '../lib/sent-once';
import { lastSeq } from './bulk-send';

/** The Fax Cloud node of bulk-send.json. */
const SEND_NODE = 'Send Fax';

/**
 * The user retries the execution a SIGKILL crashed in the middle of a bulk send, as the editor
 * does: first "Retry with original workflow", then, as a user unsure whether it worked would,
 * "Retry with currently saved workflow". `sinceSeq` is where the request log stood before the
 * crashed execution began. The faxes created before the crash (those the service processed, its
 * answer read by n8n or not) must be found, the rest sent, every fax exist once.
 */
export async function retryBulkSend(
	instance: DeployInstance,
	report: Report,
	executionId: string,
	numbers: string[],
	sinceSeq: number,
	/** Names the checks (the single-process part runs once per poll engine). */
	scenario = 'single process: Retry of the crashed bulk send',
): Promise<Record<string, unknown>> {
	const existedBefore = faxesPerNumber(instance, sinceSeq);
	const original = await retryOnce(instance, executionId, false);
	const afterOriginal = faxesPerNumber(instance, sinceSeq);
	const sentByOriginal = faxesPerNumber(instance, original.fromSeq);
	const current = await retryOnce(instance, executionId, true);
	const afterCurrent = faxesPerNumber(instance, sinceSeq);
	const figures = {
		faxes: numbers.length,
		existingBeforeRetry: existedBefore.size,
		originalWorkflow: original.figures,
		currentWorkflow: current.figures,
	};
	report.log(`  Retry of the crashed bulk send: ${JSON.stringify(figures)}`);

	const expectSent = numbers.length - existedBefore.size;
	await report.check(
		scenario,
		`Retry with the original workflow: success, each of the ${numbers.length} faxes exists exactly once (emulator's request log)`,
		() => {
			assert.equal(original.figures.status, 'success', JSON.stringify(original.figures));
			assert.deepEqual(notExactlyOnce(afterOriginal, numbers), EACH_ONCE);
			assert.equal(sentByOriginal.size, expectSent, 'faxes the Retry created');
		},
	);
	await report.check(
		scenario,
		`the Retry's items say which faxes it found (those created before the crash) and which it sent`,
		() => {
			const split = original.split;
			assert.deepEqual(split.unmarked, [], 'items marked neither found nor sent');
			assert.equal(original.figures.items, numbers.length, 'one item per fax');
			assert.deepEqual(sorted(split.found), sorted(existedBefore.keys()), 'found');
			assert.deepEqual(sorted(split.sent), sorted(sentByOriginal.keys()), 'sent');
		},
	);
	await report.check(
		scenario,
		`a second Retry, with the currently saved workflow, sends nothing and finds all ${numbers.length}`,
		() => {
			assert.equal(current.figures.status, 'success', JSON.stringify(current.figures));
			assert.equal(current.figures.sends, 0, 'sends');
			assert.deepEqual(notExactlyOnce(afterCurrent, numbers), EACH_ONCE);
			assert.equal(current.figures.found, numbers.length, 'items found');
		},
	);
	return figures;
}

async function retryOnce(instance: DeployInstance, executionId: string, loadWorkflow: boolean) {
	const fromSeq = lastSeq(instance);
	const started = performance.now();
	const retried = await instance.retry(executionId, { loadWorkflow });
	const ms = Math.round(performance.now() - started);
	const items = retried.id ? await instance.nodeOutput(retried.id, SEND_NODE) : [];
	const { split, counts } = whatTheRunDid(instance, fromSeq, items);
	return { fromSeq, split, figures: { ...retried, ms, ...counts } };
}

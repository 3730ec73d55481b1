import { faxesMadePerNumber } from '../../../emulator/request-log';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { checkSentAgain, sendAgain } from '../lib/sent-once';

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
	scenario: string,
): Promise<Record<string, unknown>> {
	const existedBefore = faxesMadePerNumber(instance.emulator, sinceSeq);
	const retry = (loadWorkflow: boolean) =>
		sendAgain(instance, sinceSeq, async () => {
			const retried = await instance.retry(executionId, { loadWorkflow });
			return { id: retried.id, figures: retried };
		});
	const original = await retry(false);
	const current = await retry(true);
	const figures = {
		faxes: numbers.length,
		existingBeforeRetry: existedBefore.size,
		originalWorkflow: original.figures,
		currentWorkflow: current.figures,
	};
	report.log(`  Retry of the crashed bulk send: ${JSON.stringify(figures)}`);
	await checkSentAgain(
		report,
		scenario,
		{ what: 'Retry', numbers, before: existedBefore },
		{
			...original,
			title: `Retry with the original workflow: success, each of the ${numbers.length} faxes exists exactly once (emulator's request log)`,
			itemsTitle: `the Retry's items say which faxes it found (those created before the crash) and which it sent`,
		},
		{
			...current,
			title: `a second Retry, with the currently saved workflow, sends nothing and finds all ${numbers.length}`,
		},
	);
	return figures;
}

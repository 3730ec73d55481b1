import type { EmulatorContext } from '../context';
import type { ServiceHandler } from '../http/listener';
import { withStatus } from '../http/reply';
import type { MailMergeService } from './service';

export function mailMergeHandler(ctx: EmulatorContext, service: MailMergeService): ServiceHandler {
	void ctx;
	void service;
	return () => withStatus(404, {}, 404, 'not implemented');
}

import type { EmulatorContext } from '../context';
import { errorReply } from '../fax/status-codes';
import type { LoginRoute, ServiceHandler } from '../http/listener';
import { withStatus } from '../http/reply';
import { MailMergeError, mmErrorReply } from './codes';
import type { MailMergeService } from './mailmerge-service';
import { validateJobRequest } from './validate';

const OUTAGE = 'Job store unavailable';

type Route = LoginRoute<MailMergeService>;

/** Route key: METHOD, then ':id' and the sub-resource when present, under /v1/Job. */
const ROUTES: Record<string, Route> = {
	POST: async (service, req, login) => {
		if (service.down) throw new MailMergeError('exception', { details: OUTAGE });
		if (req.bodyError) throw new MailMergeError('filesInvalid');
		const job = service.create(login, await validateJobRequest(req.params));
		return withStatus(201, { JobID: job.id });
	},
	GET: (service, _req, login) => {
		if (service.down) throw new MailMergeError('jobListError', { details: OUTAGE });
		const jobs = service.list(login);
		if (!jobs) return withStatus(200, {});
		return withStatus(200, { Jobs: jobs.map((j) => service.jobView(j)) });
	},
	'GET :id': (service, _req, login, id) => {
		if (service.down) throw new MailMergeError('jobError', { details: OUTAGE }, 500);
		const failing = service.lookupsFailing;
		if (failing !== undefined) throw new MailMergeError('jobError', { details: OUTAGE }, failing);
		return withStatus(200, { Job: service.jobView(service.get(login, id, 'jobError')) });
	},
	'GET :id Faxes': (service, _req, login, id) => {
		if (service.down) throw new MailMergeError('faxListError', { details: OUTAGE }, 500);
		const job = service.get(login, id, 'faxListError');
		return withStatus(200, {
			Faxes: service.inListOrder(job.faxes).map((f) => service.faxView(f)),
		});
	},
};

/** Interface B under /v1/Job (path case sensitive), Basic authentication as for interface A. */
export function mailMergeHandler(ctx: EmulatorContext, service: MailMergeService): ServiceHandler {
	return async (req) => {
		const [version, resource, id, sub, ...rest] = req.segments;
		const key = [
			req.method,
			...(id === undefined ? [] : [':id']),
			...(sub === undefined ? [] : [sub]),
		];
		const onJobs = version === 'v1' && resource === 'Job' && rest.length === 0;
		const route = onJobs ? ROUTES[key.join(' ')] : undefined;
		if (!route) return errorReply('unknownResource', `No resource ${req.method} ${req.path}`);
		const { user } = ctx.accounts.basic(req.headers.authorization);
		if (!user) {
			const text = 'Authentication failed: bad user id or password';
			return errorReply('authFailed', text, 'Fax Cloud Mail Merge');
		}
		try {
			return await route(service, req, user, id ?? '');
		} catch (e) {
			if (e instanceof MailMergeError) return mmErrorReply(e);
			ctx.logLine(`[mailMerge] ${req.method} ${req.path} failed: ${(e as Error).stack}`);
			return mmErrorReply(new MailMergeError('exception', { details: (e as Error).message }));
		}
	};
}

// Watch Faxes Of: whose faxes an event watches (the login, a user, all users).
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { invalidParameter } from '../../shared/validation/parameterErrors';
import { validateChoice } from '../../shared/validation/valueChecks';

const SCOPES = ['own', 'allUsers', 'oneUser'] as const;

/** Whose faxes a fax event watches. */
export interface FaxScope {
	/** FaxUserId of the searches: undefined for the login's own faxes, `*` for all users. */
	faxUserId?: string;
	/** The same in words, for Fetch Test Event. */
	description: string;
}

/** Whose faxes a fax event watches, shown for the given event values. */
export function faxScopeParameters(events: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Watch Faxes Of',
			name: 'faxesOf',
			type: 'options',
			displayOptions: { show: { event: events } },
			options: [
				{
					name: 'All Users',
					value: 'allUsers',
					description:
						'Every user of the organization (FaxUserId *, for outbound faxes too); needs a proxy login, the way the service recommends to poll. Fetch Test Event shows whose faxes came back.',
				},
				{
					name: 'One User',
					value: 'oneUser',
					description: 'The faxes of the user entered below; needs a proxy login',
				},
				{
					name: 'Credential Login',
					value: 'own',
					description: 'The faxes of the user the credential logs in as',
				},
			],
			default: 'own',
			description: 'Whose faxes to watch',
		},
		{
			displayName: 'Fax User ID',
			name: 'faxUserId',
			type: 'string',
			displayOptions: { show: { event: events, faxesOf: ['oneUser'] } },
			default: '',
			required: true,
			placeholder: 'e.g. alice@acme',
			description: 'User whose faxes to watch, as name@organization',
		},
	];
}

export function readFaxScope(this: IPollFunctions): FaxScope {
	const scope = validateChoice(
		this,
		this.getNodeParameter('faxesOf', 'own'),
		'Watch Faxes Of',
		SCOPES,
	);
	if (scope === 'own') {
		return { description: 'the faxes of the credential’s login (no FaxUserId sent)' };
	}
	if (scope === 'allUsers') {
		return {
			faxUserId: '*',
			description:
				'the faxes of every user of the login’s organization (FaxUserId=*; a login without the proxy privilege gets its own faxes only)',
		};
	}
	const user = String(this.getNodeParameter('faxUserId', '')).trim();
	if (!user || /\s/.test(user) || user === '*') {
		throw invalidParameter(
			this,
			'Fax User ID',
			`${JSON.stringify(user)} is not a user ID; enter one user as name@organization, or choose All Users`,
		);
	}
	return {
		faxUserId: user,
		description: `the faxes of ${user} (FaxUserId=${user}; needs a proxy login)`,
	};
}

/** FaxStatus values of interface A, as the description lists them. */

/** Outbound (send) faxes. */
export const SEND_FAX_STATUSES = [
	'awaitingConversion',
	'awaitingCoverpage',
	'scheduled',
	'sending',
	'sent',
	'sendFailed',
] as const;

/** Inbound (received) faxes. */
export const RECEIVE_FAX_STATUSES = ['recvOk', 'recvIncomplete'] as const;

// Reading a state of layout version 1 into today's window.
import type { IDataObject } from 'n8n-workflow';

import type { WindowState } from './eventWindow';
import { floorMinute, isSeen, MINUTE_MS } from './eventWindow';

/**
 * Reading the state of version 1 (the trigger's first release), so an active workflow keeps its
 * place through an upgrade: starting afresh would skip every fax that arrived while n8n was being
 * upgraded.
 * Version 1 kept a cursor (the newest event time handled) and the keys from one minute before the
 * cursor's minute on; it searched from that minute, which becomes the window start.
 */
export function windowOfVersion1(value: IDataObject): WindowState | undefined {
	if (value.version !== 1) return undefined;
	const cursor = value.cursor;
	if (cursor !== null && (typeof cursor !== 'string' || isNaN(Date.parse(cursor)))) {
		return undefined;
	}
	if (!isSeen(value.seen)) return undefined;
	if (cursor === null) return { windowStart: null, seen: value.seen };
	const start = floorMinute(Date.parse(cursor)) - MINUTE_MS;
	const seen = Object.fromEntries(
		Object.entries(value.seen).filter(([time]) => Date.parse(time) >= start),
	);
	return { windowStart: new Date(start).toISOString(), seen };
}

import type { RequestRecord } from '../emulator/request-log';
import { lastSeq } from './lib/polls';
import { outboundSince, type BenchServer } from './lib/server';
import {
	captureRequests,
	normalizedBody,
	recoveryKeys,
	type WireRequest,
} from './lib/wire-capture';

/**
 * The helper floor is a floor only if it sends the node's bytes: one send of each as the emulator
 * received them (body with random parts named, body headers, the request log's fields and files).
 */

export interface WireCheck {
	same: boolean;
	/** Body size of the Fax Cloud node's send. */
	bodyBytes: number;
	summary: string;
	differences: string[];
}

const BODY_HEADERS = ['content-type', 'content-length', 'accept', 'authorization'];

function headerDifferences(node: WireRequest, floor: WireRequest): string[] {
	const shape = (request: WireRequest, name: string) =>
		String(request.headers[name] ?? '').replace(/boundary=[^;]+/, 'boundary=<boundary>');
	// Header values are compared, never reported: authorization holds the login.
	return BODY_HEADERS.filter((name) => shape(node, name) !== shape(floor, name)).map(
		(name) => `header ${name} differs`,
	);
}

function logDifferences(node: RequestRecord, floor: RequestRecord): string[] {
	const fields = (record: RequestRecord) =>
		JSON.stringify({
			...record.params,
			BatchUniqueId: '<random>',
			...(record.params.BatchName === undefined ? {} : { BatchName: '<random>' }),
		});
	const differences: string[] = [];
	if (fields(node) !== fields(floor)) {
		differences.push(`fields: ${fields(node)} vs ${fields(floor)}`);
	}
	if (JSON.stringify(node.files) !== JSON.stringify(floor.files)) {
		differences.push(`files: ${JSON.stringify(node.files)} vs ${JSON.stringify(floor.files)}`);
	}
	return differences;
}

/** `sendOne` sends one fax through the named workflow (the Fax Cloud node's, or the floor's). */
export async function sameSendBodies(
	bench: BenchServer,
	sendOne: (variant: 'faxCloud' | 'floor') => Promise<unknown>,
): Promise<WireCheck> {
	const { emulator } = bench;
	const port = Number(new URL(emulator.urls.fax).port);
	const since = lastSeq(emulator);
	const sends = (
		await captureRequests(port, async () => {
			await sendOne('faxCloud');
			await sendOne('floor');
		})
	).filter((r) => r.method === 'POST');
	const logged = outboundSince(emulator, since);
	if (sends.length !== 2 || logged.length !== 2) {
		throw new Error(`wire check: expected 2 sends, saw ${sends.length} (log ${logged.length})`);
	}
	const [node, floor] = sends;
	const differences = [
		...(normalizedBody(node, recoveryKeys(node)) === normalizedBody(floor, recoveryKeys(floor))
			? []
			: ['body bytes differ']),
		...headerDifferences(node, floor),
		...logDifferences(logged[0], logged[1]),
	];
	const same = differences.length === 0;
	return {
		same,
		bodyBytes: node.body.length,
		summary: same
			? `the same ${node.body.length} bytes of body (boundary and recovery key aside), the same Content-Type, Content-Length, Accept and Authorization, the same fields and file in the request log`
			: differences.join('; '),
		differences,
	};
}

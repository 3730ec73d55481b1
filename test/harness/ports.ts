import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/** Below Linux's ephemeral range (32768-60999): the system never hands these out by itself. */
const PORT_RANGE = { from: 20_000, to: 32_000 } as const;

function canListen(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/**
 * A TCP port free on 127.0.0.1 right now, with the next one free too (n8n's task broker takes
 * port + 1). At random below the ephemeral range: the port is released before its server binds
 * it, and an ephemeral one could meanwhile become any outgoing connection's local port.
 */
export async function freePort(): Promise<number> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
		if ((await canListen(port)) && (await canListen(port + 1))) return port;
	}
	throw new Error(`no two free ports in a row between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
}

/** A server's start throws this when its port was taken before it could bind it. */
export class PortTaken extends Error {}

/**
 * Runs `start` on a free port. Another process may take that port between freePort() and the
 * server's bind: on a PortTaken, up to two more free ports are tried; any other error ends it.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T> | T): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await start(await freePort());
		} catch (error) {
			if (!(error instanceof PortTaken) || attempt === 3) throw error;
		}
	}
}

/**
 * A test's HTTP server listening on a free port of 127.0.0.1: its URL (no path), and a close that
 * also ends every connection still open (a kept-alive one would hold the server open).
 */
export async function listenLocal(server: http.Server) {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

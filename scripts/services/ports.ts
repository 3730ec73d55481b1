import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the machine is shared: never a fixed port). */
export async function freePort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', resolve);
	});
	const { port } = server.address() as net.AddressInfo;
	await new Promise((resolve) => server.close(resolve));
	return port;
}

/** The last lines of a text, indented, for failure messages. */
export function tailOf(text: string, count = 20): string {
	return text
		.trimEnd()
		.split('\n')
		.slice(-count)
		.map((line) => `  | ${line}`)
		.join('\n');
}

/**
 * Jest's node environment, with one change to how a jest worker process ends. After the run jest
 * sends each worker an end message and force-kills any worker not gone 500 ms later ("A worker
 * process has failed to exit gracefully"). Measured here: a worker with nothing left open emits
 * 'exit' 1 to 3 ms after the message, and then Node tears down its heap (hundreds of MB after 40
 * test files) before the kernel frees the memory: a forked process with a 3-million-object heap
 * took 9 to 18 s to end on its own on the loaded machine, 1.8 to 3.2 s when ended by
 * process.exit(), which leaves the heap to the kernel; strace showed the kernel part alone at
 * 0.5 s for a worker. So once jest has said "end" and the worker's loop is empty (beforeExit:
 * nothing left to run, no handle open), the worker calls process.exit() at once. Nothing is cut
 * short: beforeExit only comes when there is nothing left to do. (jest.config.js also recycles
 * workers above 512 MB, so that none ends with a big heap.)
 */
const { TestEnvironment } = require('jest-environment-node');

const CHILD_MESSAGE_END = 2; // jest-worker's "end" message (build/index.js, CHILD_MESSAGE_END)

let armed = false;

function exitPromptlyAfterJestEnds() {
	// Only a jest worker process: in band (one test file, -i), jest runs the tests itself.
	const worker = /jest-worker[\\/]build[\\/]processChild\.js$/.test(process.argv[1] ?? '');
	if (armed || !worker || typeof process.send !== 'function') return;
	armed = true;
	const onMessage = (message) => {
		if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
		// A 'message' listener keeps the channel to jest open: it goes with the end message.
		process.off('message', onMessage);
		process.once('beforeExit', () => process.exit());
	};
	process.on('message', onMessage);
}

class NodeEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		exitPromptlyAfterJestEnds();
	}
}

module.exports = NodeEnvironment;

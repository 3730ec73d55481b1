/**
 * Jest's node environment, with one change to how a jest worker process ends. After the run jest
 * sends each worker an end message and force-kills any worker not gone 500 ms later ("A worker
 * process has failed to exit gracefully"). Ours had nothing left open: it emitted 'exit' 1 to 3 ms
 * after the message, and then took 0.4 to 0.7 s (a quiet machine) or seconds (a loaded one) to
 * end, while Node freed the heap of several hundred MB a worker grows to over 80 test files. A
 * process that ends by process.exit() leaves the heap to the operating system: forking a process
 * with a 3-million-object heap and letting it end on its own took 9 to 18 s on the loaded machine,
 * ending it by process.exit() 1.8 to 3.2 s. So, once jest has said "end" and the worker's loop
 * is empty (beforeExit: nothing is left to run, no handle is open), the worker exits at once.
 * Nothing is cut short: beforeExit only comes when there is nothing left to do.
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

/**
 * Jest's node environment, except that a worker told to end calls process.exit() once its loop is
 * empty (beforeExit): tearing down a big heap took seconds on a loaded machine, past jest's 500 ms
 * before it force-kills the worker ("A worker process has failed to exit gracefully").
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

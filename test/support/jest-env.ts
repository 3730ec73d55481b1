// n8n-core logs every node error through its own logger; the tests assert those errors themselves.
process.env.N8N_LOG_LEVEL = 'silent';

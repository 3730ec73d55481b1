/**
 * The demo logins for tests. Under ts-node, `require('./seed')` finds seed.json before this file
 * (Node tries .json before the .ts that ts-node adds), so code run by ts-node imports the same
 * names from `emulator` (index.ts) or `emulator/seed-data` instead.
 */
export * from './seed-data';

/**
 * The demo logins for tests. Under ts-node `require('./seed')` finds seed.json first (Node tries
 * .json before .ts), so code run by ts-node imports them from `emulator` or `emulator/seed-data`.
 */
export * from './seed-data';

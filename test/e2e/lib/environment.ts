/** Re-exports for the e2e files that still import the environment from here; it is in test/harness/. */
export * from '../../harness/environment';

import { LoggerProxy } from 'n8n-workflow';

import { SecretWatch } from '../harness/jest/fault-helpers';

/** The secret checks of this suite can fail: a secret in a log line, the console or an item is caught. */

const SECRET = 'pa55-w0rd-under-watch';

test('a secret logged through n8n-core’s logger, at debug level, is caught', () => {
	const watch = new SecretWatch([SECRET]);
	watch.startCapture();
	LoggerProxy.debug('request failed', { headers: { authorization: `Basic ${SECRET}` } });
	expect(() => watch.stopCapture()).toThrow(/log line 0 contains a secret/);
});

test('a secret written to the console is caught, and the console is restored', () => {
	const watch = new SecretWatch([SECRET]);
	const original = console.warn;
	watch.startCapture();
	console.warn('token', { token: SECRET });
	expect(() => watch.stopCapture()).toThrow(/contains a secret/);
	expect(console.warn).toBe(original);
});

test('a secret in an output item or an error description is caught', () => {
	const watch = new SecretWatch([SECRET]);
	const run = { items: [{ json: { ok: true } }], run: {} };
	expect(() => watch.expectRunClean('clean run', run)).not.toThrow();
	expect(() =>
		watch.expectRunClean('leaky item', { ...run, items: [{ json: { note: SECRET } }] }),
	).toThrow(/leaky item: output item 0 contains a secret/);
	expect(() =>
		watch.expectRunClean('leaky error', { ...run, error: { message: 'x', description: SECRET } }),
	).toThrow(/leaky error: error description contains a secret/);
	expect(watch.checks).toBeGreaterThan(0);
});

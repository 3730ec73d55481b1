import { base36, Digest } from '../../../../nodes/FaxCloud/actions/common/digest';

/**
 * Send keys are digests that a Retry must derive again, also after the package is upgraded
 * between a failed run and its Retry: reading a text by its character codes (ASCII) must give the
 * digest its UTF-8 bytes give, and a copy of a shared prefix must go on as the whole would.
 */

const texts = [
	'',
	'a',
	'ab',
	'abc',
	'abcd',
	'fax-cloud-send/1',
	'{"FaxNumber":"12125550000","BatchName":"n8n-run-abc"}',
	'Grüße, 東京',
	'\u007f\u0080',
	'emoji 📠 fax',
];

const keyOf = (parts: Array<string | Uint8Array>): string => {
	const digest = new Digest();
	for (const part of parts) digest.add(part);
	return digest.key();
};

test.each(texts)('text %j digests as its UTF-8 bytes', (text) => {
	expect(keyOf(['scope', text, 'tail'])).toBe(
		keyOf([Buffer.from('scope'), Buffer.from(text, 'utf8'), Buffer.from('tail')]),
	);
});

test('the keys stay what they were: pinned values', () => {
	// Changed keys would make a Retry after an upgrade miss its own sends and send them again.
	expect(keyOf(['fax-cloud-send/1', 'wf', 'node', 'item', '0'])).toBe('1ky0hoj0fxrxxm1tm5q1');
	expect(keyOf(['Grüße', Buffer.from([1, 2, 3, 4, 5])])).toBe('0mlhin009pcenx0ckcxs');
});

test('a copy goes on from the prefix and leaves the original as it was', () => {
	const prefix = new Digest().add('fax-cloud-send/1').add('wf').add('node');
	const first = prefix.copy().add('item').add('0').key();
	const second = prefix.copy().add('item').add('1').key();
	expect(first).toBe(keyOf(['fax-cloud-send/1', 'wf', 'node', 'item', '0']));
	expect(second).toBe(keyOf(['fax-cloud-send/1', 'wf', 'node', 'item', '1']));
	expect(first).not.toBe(second);
	expect(prefix.key()).toBe(keyOf(['fax-cloud-send/1', 'wf', 'node']));
});

test('a lane reads as JavaScript writes it in base 36, seven digits', () => {
	const lanes = [0, 1, 35, 36, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -1, 0x6a09e667, 0xbb67ae85];
	for (let i = 0; i < 1000; i++) lanes.push(Math.imul(i + 1, 0x9e3779b9));
	for (const lane of lanes) {
		expect(base36(lane)).toBe((lane >>> 0).toString(36).padStart(7, '0'));
	}
});

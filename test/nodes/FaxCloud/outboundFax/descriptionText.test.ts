import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { FaxCloudTrigger } from '../../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';

/**
 * Texts the n8n editor shows (display names, descriptions, hints, placeholders, option names)
 * come from the node descriptions; a tab or another control character there shows as a gap or a
 * box. Newlines are allowed, in defaults only.
 */

type Found = { path: string; text: string };

function stringsOf(value: unknown, path: string, out: Found[] = []): Found[] {
	if (typeof value === 'string') out.push({ path, text: value });
	else if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) stringsOf(entry, `${path}.${key}`, out);
	}
	return out;
}

/** A tab, or any control character other than a line break. */
const hasControlCharacter = (text: string) =>
	[...text].some((char) => {
		const code = char.charCodeAt(0);
		return (code < 0x20 && char !== '\n') || code === 0x7f;
	});

describe.each([
	['Fax Cloud', new FaxCloud().description],
	['Fax Cloud Trigger', new FaxCloudTrigger().description],
])('%s node description', (_name, description) => {
	const strings = stringsOf(description, 'description');

	test('has texts to check', () => {
		expect(strings.length).toBeGreaterThan(100);
	});

	test('no text contains a tab or another control character', () => {
		expect(strings.filter(({ text }) => hasControlCharacter(text))).toEqual([]);
	});

	test('only defaults contain line breaks', () => {
		const broken = strings.filter(
			({ path, text }) => text.includes('\n') && !/\.default(\.|$)/.test(path),
		);
		expect(broken).toEqual([]);
	});
});

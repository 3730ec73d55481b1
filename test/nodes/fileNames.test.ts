import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/**
 * Every file name in these folders says its role once: two files of the same name make grep and
 * a newcomer's "open the file named X" lie. One list, so the rule can be extended to more folders.
 */
export const NAMED_FOLDERS = ['nodes', 'credentials'];

const ROOT = join(__dirname, '..', '..');

/**
 * Names that repeat by n8n's design: an operation file is named for the value a workflow saves
 * (`get.operation.ts` in each resource), a resource file for its resource, an output schema for
 * its operation in each node version, and each node and credential folder holds the icon its
 * description names (`file:icons/faxCloud.svg`, the same picture).
 */
const REPEATABLE = [
	/\.operation\.ts$/,
	/\.resource\.ts$/,
	/(^|\/)__schema__\/.*\.json$/,
	/(^|\/)icons\/[^/]+\.svg$/,
];

function filesBelow(folder: string): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Each file name (case folded) used by more than one file, with those files. */
export function repeatedNames(files: string[]): Record<string, string[]> {
	const byName = new Map<string, string[]>();
	for (const file of files) {
		if (REPEATABLE.some((pattern) => pattern.test(file))) continue;
		const name = basename(file).toLowerCase();
		byName.set(name, [...(byName.get(name) ?? []), file]);
	}
	return Object.fromEntries([...byName].filter(([, found]) => found.length > 1));
}

describe('file names', () => {
	test(`no file name repeats in ${NAMED_FOLDERS.join(', ')}`, () => {
		const files = NAMED_FOLDERS.flatMap(filesBelow);
		expect(files.length).toBeGreaterThan(100);
		expect(repeatedNames(files)).toEqual({});
	});

	test('a repeated name is found, in any folder and letter case; n8n’s own repeats are not', () => {
		expect(
			repeatedNames([
				'nodes/FaxCloud/methods/index.ts',
				'nodes/shared/transport/Index.ts',
				'credentials/other.ts',
				'nodes/FaxCloud/actions/inboundFax/get.operation.ts',
				'nodes/FaxCloud/actions/outboundFax/get.operation.ts',
				'nodes/FaxCloud/__schema__/v1.0.0/inboundFax/get.json',
				'nodes/FaxCloud/__schema__/v2.0.0/inboundFax/get.json',
				'nodes/FaxCloud/icons/faxCloud.svg',
				'credentials/icons/faxCloud.svg',
			]),
		).toEqual({
			'index.ts': ['nodes/FaxCloud/methods/index.ts', 'nodes/shared/transport/Index.ts'],
		});
	});
});

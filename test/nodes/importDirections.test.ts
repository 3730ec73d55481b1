import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The rooms of the shipped code and what each may import, besides itself and n8n-workflow
 * (CONTRIBUTING, "Rooms"). Every arrow points down this list, so there is no cycle: shared code
 * knows no node, a resource knows no other resource, no trigger room knows the action node.
 */
const MAY_IMPORT: Record<string, string[]> = {
	shared: [],
	credentials: ['shared'],
	'actions/common': ['shared'],
	'actions/<resource>': ['actions/common', 'shared'],
	actions: ['actions/<resource>', 'actions/common', 'shared'],
	methods: ['actions/common', 'shared'],
	'action node': ['actions', 'methods', 'shared'],
	'trigger/state': ['shared'],
	'trigger/poll': ['trigger/state', 'shared'],
	'trigger/fax': ['trigger/poll', 'trigger/state', 'shared'],
	'trigger/mailMerge': ['trigger/poll', 'trigger/state', 'shared'],
	'trigger/events': ['trigger/fax', 'trigger/mailMerge', 'trigger/poll', 'trigger/state', 'shared'],
	'trigger node': ['trigger/events', 'trigger/poll', 'shared'],
};

const ROOT = join(__dirname, '..', '..');

/** The room of a file of nodes/ or credentials/, and for a resource folder its name. */
function roomOf(file: string): { room: string; resource?: string } | undefined {
	const parts = file.split('/');
	if (parts[0] === 'credentials') return { room: 'credentials' };
	if (parts[0] !== 'nodes') return undefined;
	if (parts[1] === 'shared') return { room: 'shared' };
	if (parts[1] === 'FaxCloud') {
		if (parts.length === 3) return { room: 'action node' };
		if (parts[2] === 'methods') return { room: 'methods' };
		if (parts[2] !== 'actions') return undefined;
		if (parts.length === 4) return { room: 'actions' };
		if (parts[3] === 'common') return { room: 'actions/common' };
		return { room: 'actions/<resource>', resource: parts[3] };
	}
	if (parts[1] === 'FaxCloudTrigger') {
		if (parts.length === 3) return { room: 'trigger node' };
		return { room: `trigger/${parts[2]}` };
	}
	return undefined;
}

const posix = (file: string) => file.split('\\').join('/');

function sourceFiles(folder: string): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
		.map((entry) => posix(relative(ROOT, join(entry.parentPath, entry.name))));
}

/** Every `import … from '…'` and `export … from '…'` of a file: [file, what it names]. */
function importsOf(file: string): string[] {
	const text = readFileSync(join(ROOT, file), 'utf8');
	return [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gm)].map(
		(match) => match[1],
	);
}

const FILES = ['nodes', 'credentials'].flatMap(sourceFiles);

/** Each import that breaks a rule, as "file → imported (why)". */
function wrongImports(): string[] {
	const wrong: string[] = [];
	for (const file of FILES) {
		const from = roomOf(file)!;
		for (const specifier of importsOf(file)) {
			if (!specifier.startsWith('.')) {
				if (specifier !== 'n8n-workflow') wrong.push(`${file} → ${specifier} (a package)`);
				continue;
			}
			const target = posix(normalize(join(dirname(file), specifier)));
			const to = roomOf(target);
			if (!to) {
				wrong.push(`${file} → ${target} (outside nodes/ and credentials/)`);
				continue;
			}
			if (to.room === from.room) {
				if (to.resource !== from.resource) wrong.push(`${file} → ${target} (another resource)`);
				continue;
			}
			if (!MAY_IMPORT[from.room].includes(to.room)) {
				wrong.push(`${file} → ${target} (${from.room} may not import ${to.room})`);
			}
		}
	}
	return wrong;
}

test('every file is in a room of the table', () => {
	const unplaced = FILES.filter((file) => !MAY_IMPORT[roomOf(file)?.room ?? '']);
	expect(unplaced).toEqual([]);
	expect(FILES.length).toBeGreaterThan(100);
});

test('every import points down the table (a resource folder: itself, common and shared)', () => {
	expect(wrongImports()).toEqual([]);
});

test('the table has no cycle', () => {
	const visiting = new Set<string>();
	const cycleFrom = (room: string): boolean => {
		if (visiting.has(room)) return true;
		visiting.add(room);
		const found = MAY_IMPORT[room].some(cycleFrom);
		visiting.delete(room);
		return found;
	};
	expect(Object.keys(MAY_IMPORT).filter(cycleFrom)).toEqual([]);
});

test('the rooms are as named: shared and credentials know no node, no trigger room the action node', () => {
	const reaches = (room: string, other: string): boolean =>
		MAY_IMPORT[room].some((next) => next === other || reaches(next, other));
	const actionRooms = ['action node', 'actions', 'actions/<resource>', 'actions/common', 'methods'];
	const triggerRooms = Object.keys(MAY_IMPORT).filter((room) => room.startsWith('trigger'));
	for (const room of ['shared', 'credentials']) {
		expect([...actionRooms, ...triggerRooms].filter((other) => reaches(room, other))).toEqual([]);
	}
	for (const room of triggerRooms) {
		expect(actionRooms.filter((other) => reaches(room, other))).toEqual([]);
	}
});

import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/** The helper floor as a second community package; n8n finds the Fax Cloud credential by name. */

const SOURCE_DIR = path.join(__dirname, '..', 'floor-node');

export const FLOOR_PACKAGE = JSON.parse(
	fs.readFileSync(path.join(SOURCE_DIR, 'package.json'), 'utf8'),
) as { name: string; version: string };

export function installFloorPackage(userFolder: string): string {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', FLOOR_PACKAGE.name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(path.join(target, 'dist'), { recursive: true });
	fs.copyFileSync(path.join(SOURCE_DIR, 'package.json'), path.join(target, 'package.json'));
	for (const file of fs.readdirSync(SOURCE_DIR).filter((f) => f.endsWith('.ts'))) {
		const source = fs.readFileSync(path.join(SOURCE_DIR, file), 'utf8');
		const { outputText } = ts.transpileModule(source, {
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2022,
				esModuleInterop: true,
			},
			fileName: file,
		});
		fs.writeFileSync(path.join(target, 'dist', file.replace(/\.ts$/, '.js')), outputText);
	}
	const manifestPath = path.join(nodesDir, 'package.json');
	const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as {
		dependencies?: Record<string, string>;
	};
	manifest.dependencies = { ...manifest.dependencies, [FLOOR_PACKAGE.name]: FLOOR_PACKAGE.version };
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return target;
}

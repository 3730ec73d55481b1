import fs from 'node:fs';

/** The last lines of a text, indented, for failure messages. */
export function tailOf(text: string, count = 20): string {
	return text
		.trimEnd()
		.split('\n')
		.slice(-count)
		.map((line) => `  | ${line}`)
		.join('\n');
}

/** The end of a process's log file under its name, for failure messages. */
export function tailOfFile(file: string, count = 30): string {
	try {
		return `last lines of ${file}:\n${tailOf(fs.readFileSync(file, 'utf8'), count)}`;
	} catch {
		return `(no log at ${file})`;
	}
}

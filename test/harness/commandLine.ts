/**
 * The command line of every runner (e2e, deploy, bench, the editor check). `--only a,b` takes a
 * comma-separated list; each entry picks the name it equals (any case), or else every name that
 * contains it: `--only send` is the bench's part "send", not "send-once". `--scenario` likewise.
 */
export class CommandLine {
	constructor(private readonly argv: readonly string[] = process.argv.slice(2)) {}

	has(flag: string): boolean {
		return this.argv.includes(flag);
	}

	/** The word after `option`; undefined when `option` is not given. */
	value(option: string): string | undefined {
		const at = this.argv.indexOf(option);
		if (at < 0) return undefined;
		const value = this.argv[at + 1];
		if (value === undefined || value.startsWith('--')) throw new Error(`${option} needs a value`);
		return value;
	}

	/** Which of `names` the option picks (all when not given); an entry picking none throws. */
	only(names: readonly string[], option = '--only'): (name: string) => boolean {
		const text = this.value(option);
		if (text === undefined) return () => true;
		const picked = new Set<string>();
		for (const entry of entries(text)) {
			const chosen = picks(entry, names);
			if (chosen.length === 0)
				throw new Error(`${option} ${entry} names none of: ${names.join(', ')}`);
			for (const name of chosen) picked.add(name);
		}
		return (name) => picked.has(name);
	}

	/** Whether the option picks `name`, for a runner that meets its names one at a time. */
	picksOne(name: string, option: string): boolean {
		const text = this.value(option);
		return text === undefined || entries(text).some((entry) => picks(entry, [name]).length > 0);
	}
}

const entries = (text: string): string[] =>
	text
		.split(',')
		.map((entry) => entry.trim().toLowerCase())
		.filter(Boolean);

function picks(entry: string, names: readonly string[]): readonly string[] {
	const equal = names.filter((name) => name.toLowerCase() === entry);
	return equal.length > 0 ? equal : names.filter((name) => name.toLowerCase().includes(entry));
}

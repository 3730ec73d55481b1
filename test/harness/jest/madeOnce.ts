/**
 * A value a test file makes once, before its first test (a PDF, a template): the getter it
 * returns gives the value inside a test, and fails plainly when read before jest made it.
 */
export function madeOnce<T>(make: () => Promise<T>): () => T {
	let made: { value: T } | undefined;
	beforeAll(async () => {
		made = { value: await make() };
	});
	return () => {
		if (!made) throw new Error('made in beforeAll: read it inside a test');
		return made.value;
	};
}

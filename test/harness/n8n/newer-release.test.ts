import { compareVersions, newerStable } from './newer-release';

test('newer stable 2.x releases than the pinned one, oldest first; pre-releases and 1.x left out', () => {
	const listed = [
		'1.123.99',
		'2.40.7',
		'2.41.0',
		'2.41.1',
		'2.41.3',
		'2.42.0-exp.0',
		'2.9.0',
		'2.100.1',
	];
	expect(newerStable(listed, '2.41.1')).toEqual(['2.41.3', '2.100.1']);
	expect(newerStable(listed, '2.100.1')).toEqual([]);
	expect(compareVersions('2.41.10', '2.41.9')).toBeGreaterThan(0);
});

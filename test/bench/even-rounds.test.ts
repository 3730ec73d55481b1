import { evenRounds } from '../../bench/lib/pairs';

/** Compared sides swap order every round: the bench refuses an odd number of such rounds. */

test('an even number of swapping rounds is taken; an odd one is refused, naming the part', () => {
	expect(evenRounds(8, 'bulk send')).toBe(8);
	expect(() => evenRounds(7, 'bulk send')).toThrow(/bulk send: 7 rounds.*even number/);
});

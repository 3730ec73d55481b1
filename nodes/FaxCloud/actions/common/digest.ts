/**
 * A 128-bit digest of a sequence of parts, for keys that must come out the same in a later run
 * (a Retry) from the same input. Not a security measure: nobody forges the keys, they only have to
 * differ for different sends. n8n-workflow has no hash function and nodes may not import Node's
 * crypto, so this is MurmurHash3's mixing in four lanes.
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function mixWord(lane: number, word: number): number {
	let k = Math.imul(word, C1);
	k = (k << 15) | (k >>> 17);
	k = Math.imul(k, C2);
	let h = lane ^ k;
	h = (h << 13) | (h >>> 19);
	return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finalMix(h: number): number {
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	return h ^ (h >>> 16);
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The 36 × 36 two-digit numbers of base 36, '00' to 'zz', by value. */
const DIGIT_PAIRS = Array.from(
	{ length: 36 * 36 },
	(_, value) => DIGITS[Math.floor(value / 36)] + DIGITS[value % 36],
);

/**
 * A lane as 7 characters of [0-9a-z], zero-padded: what `(lane >>> 0).toString(36)` padded gives,
 * written out two digits at a time, because V8 converts a lane above 2^31 (no small integer) to
 * base 36 as a double, three times slower. 2^32 is below 2 × 36^6: the first digit is 0 or 1.
 */
export function base36(lane: number): string {
	let rest = lane >>> 0;
	const last = rest % 1296;
	rest = (rest - last) / 1296;
	const middle = rest % 1296;
	rest = (rest - middle) / 1296;
	const first = rest % 1296;
	rest = (rest - first) / 1296;
	return DIGITS[rest] + DIGIT_PAIRS[first] + DIGIT_PAIRS[middle] + DIGIT_PAIRS[last];
}

/** Text whose UTF-8 bytes are its character codes. */
const ASCII = /^[^\u0080-\uffff]*$/;

export class Digest {
	private lanes = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a];
	private words = 0;

	/** A digest that goes on from this one's parts, this one unchanged: a shared prefix, once. */
	copy(): Digest {
		const copy = new Digest();
		copy.lanes[0] = this.lanes[0];
		copy.lanes[1] = this.lanes[1];
		copy.lanes[2] = this.lanes[2];
		copy.lanes[3] = this.lanes[3];
		copy.words = this.words;
		return copy;
	}

	/** Adds one part, length first, so ('ab', 'c') and ('a', 'bc') digest differently. */
	add(part: string | Uint8Array): this {
		if (typeof part === 'string' && ASCII.test(part)) return this.addAscii(part);
		const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
		this.addWord(bytes.length);
		const whole = bytes.length - (bytes.length % 4);
		for (let i = 0; i < whole; i += 4) {
			this.addWord(bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
		}
		let tail = 0;
		for (let i = whole; i < bytes.length; i++) tail |= bytes[i] << (8 * (i - whole));
		if (bytes.length > whole) this.addWord(tail);
		return this;
	}

	/** 20 characters of [0-9a-z] (about 100 bits). */
	key(): string {
		const words = this.words;
		let a = finalMix(this.lanes[0] ^ words);
		let b = finalMix(this.lanes[1] ^ words ^ (1 << 24));
		let c = finalMix(this.lanes[2] ^ words ^ (2 << 24));
		let d = finalMix(this.lanes[3] ^ words ^ (3 << 24));
		// Two rounds, each lane mixed with the next as it stands (the first already mixed into the last).
		for (let round = 0; round < 2; round++) {
			a = finalMix(a ^ b);
			b = finalMix(b ^ c);
			c = finalMix(c ^ d);
			d = finalMix(d ^ a);
		}
		return (base36(a) + base36(b) + base36(c)).slice(0, 20);
	}

	/** A text of ASCII only: its UTF-8 bytes are its character codes, read without a copy. */
	private addAscii(text: string): this {
		const length = text.length;
		this.addWord(length);
		const whole = length - (length % 4);
		for (let i = 0; i < whole; i += 4) {
			this.addWord(
				text.charCodeAt(i) |
					(text.charCodeAt(i + 1) << 8) |
					(text.charCodeAt(i + 2) << 16) |
					(text.charCodeAt(i + 3) << 24),
			);
		}
		let tail = 0;
		for (let i = whole; i < length; i++) tail |= text.charCodeAt(i) << (8 * (i - whole));
		if (length > whole) this.addWord(tail);
		return this;
	}

	private addWord(word: number): void {
		const lane = this.words % 4;
		this.lanes[lane] = mixWord(this.lanes[lane], word);
		this.words++;
	}
}

/** Deterministic generator (mulberry32) so generated faxes and fault rolls repeat run after run. */
export class Random {
	private state: number;

	constructor(seed: number | string = 1) {
		this.state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
	}

	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	digits(n: number): string {
		let s = '';
		for (let i = 0; i < n; i++) s += String(this.int(0, 9));
		return s;
	}
}

function hashString(s: string): number {
	let h = 2166136261;
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = Math.imul(h, 16777619);
	}
	return h >>> 0;
}

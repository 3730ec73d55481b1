/**
 * Builds a real multi-page bilevel fax TIFF (1728 pixels wide, PackBits, WhiteIsZero, fax
 * resolutions) with a few black bands per page so viewers show something.
 */
const WIDTH = 1728;
const ROW_BYTES = WIDTH / 8;

function packBitsRow(row: Buffer): Buffer {
	const out: number[] = [];
	let i = 0;
	while (i < row.length) {
		let run = 1;
		while (i + run < row.length && run < 128 && row[i + run] === row[i]) run++;
		if (run >= 2) {
			out.push(257 - run, row[i]);
			i += run;
			continue;
		}
		const start = i;
		let len = 0;
		while (i < row.length && len < 128 && !(i + 1 < row.length && row[i + 1] === row[i])) {
			i++;
			len++;
		}
		out.push(len - 1, ...row.subarray(start, start + len));
	}
	return Buffer.from(out);
}

function pageStrip(height: number, page: number): Buffer {
	const white = packBitsRow(Buffer.alloc(ROW_BYTES, 0));
	const black = packBitsRow(Buffer.alloc(ROW_BYTES, 0xff));
	const text = Buffer.alloc(ROW_BYTES, 0);
	for (let x = 20; x < ROW_BYTES - 20; x += 3) text[x] = 0xf0;
	const textRow = packBitsRow(text);
	const rows: Buffer[] = [];
	for (let y = 0; y < height; y++) {
		const band = Math.floor(y / 12);
		if (y >= 24 && y < 28) rows.push(black);
		else if (y > 60 && y < height - 60 && band % 3 === 0 && band % 7 !== page % 7)
			rows.push(textRow);
		else rows.push(white);
	}
	return Buffer.concat(rows);
}

export function buildFaxTiff(pages: number, quality: 'low' | 'high' = 'low'): Buffer {
	const count = Math.max(1, pages);
	const height = quality === 'high' ? 2200 : 1100;
	const yRes = quality === 'high' ? 196 : 98;
	const chunks: Buffer[] = [];
	const header = Buffer.alloc(8);
	header.write('II', 0, 'latin1');
	header.writeUInt16LE(42, 2);
	chunks.push(header);
	let offset = 8;
	const ifdOffsets: number[] = [];
	const ifdPatchAt: number[] = [];
	const strips = new Map<number, Buffer>();
	for (let p = 0; p < count; p++) {
		if (!strips.has(p % 7)) strips.set(p % 7, pageStrip(height, p));
		const strip = strips.get(p % 7) as Buffer;
		const stripOffset = offset;
		chunks.push(strip);
		offset += strip.length;
		if (offset % 2) {
			chunks.push(Buffer.alloc(1));
			offset++;
		}
		const rationalOffset = offset;
		const rationals = Buffer.alloc(16);
		rationals.writeUInt32LE(204, 0);
		rationals.writeUInt32LE(1, 4);
		rationals.writeUInt32LE(yRes, 8);
		rationals.writeUInt32LE(1, 12);
		chunks.push(rationals);
		offset += 16;
		const entries: Array<[number, number, number, number]> = [
			[254, 4, 1, 2],
			[256, 4, 1, WIDTH],
			[257, 4, 1, height],
			[258, 3, 1, 1],
			[259, 3, 1, 32773],
			[262, 3, 1, 0],
			[266, 3, 1, 1],
			[273, 4, 1, stripOffset],
			[277, 3, 1, 1],
			[278, 4, 1, height],
			[279, 4, 1, strip.length],
			[282, 5, 1, rationalOffset],
			[283, 5, 1, rationalOffset + 8],
			[296, 3, 1, 2],
			[297, 3, 2, 0],
		];
		const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
		ifd.writeUInt16LE(entries.length, 0);
		entries.forEach(([tag, type, n, value], i) => {
			const o = 2 + i * 12;
			ifd.writeUInt16LE(tag, o);
			ifd.writeUInt16LE(type, o + 2);
			ifd.writeUInt32LE(n, o + 4);
			if (tag === 297) {
				ifd.writeUInt16LE(p, o + 8);
				ifd.writeUInt16LE(count, o + 10);
			} else if (type === 3) {
				ifd.writeUInt16LE(value, o + 8);
			} else {
				ifd.writeUInt32LE(value, o + 8);
			}
		});
		ifdOffsets.push(offset);
		ifdPatchAt.push(chunks.length);
		chunks.push(ifd);
		offset += ifd.length;
	}
	header.writeUInt32LE(ifdOffsets[0], 4);
	for (let p = 0; p < count - 1; p++) {
		const ifd = chunks[ifdPatchAt[p]];
		ifd.writeUInt32LE(ifdOffsets[p + 1], ifd.length - 4);
	}
	return Buffer.concat(chunks);
}

// @vitest-environment node
// The PNG writer (src/server/png.ts) the server draws a link's QR code with: a file any decoder
// reads — its signature, its size and colour type in IHDR, each chunk's CRC, and rows that, with
// their Sub filter undone, are the pixels given.
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/server/png';

/** The file's chunks, each with whether its CRC is right. */
function chunks(png: Buffer): { type: string; data: Buffer; crcOk: boolean }[] {
  const found = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crcOk = png.readUInt32BE(at + 8 + length) === crc32(data, crc32(png.subarray(at + 4, at + 8)));
    found.push({ type, data, crcOk });
    at += 12 + length;
  }
  return found;
}

describe('encodePng', () => {
  it('writes a valid 8-bit RGBA PNG whose rows decode back to the pixels', () => {
    const width = 3;
    const height = 2;
    const rgba = Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37) % 256);
    const png = encodePng(width, height, rgba);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((c) => [c.type, c.crcOk])).toEqual([
      ['IHDR', true],
      ['IDAT', true],
      ['IEND', true],
    ]);
    const header = parts[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([width, height, 8, 6]);
    const rows = inflateSync(parts[1]!.data);
    const stride = width * 4;
    const decoded: number[] = [];
    for (let y = 0; y < height; y++) {
      expect(rows[y * (stride + 1)]).toBe(1); // Sub
      for (let x = 0; x < stride; x++) {
        const left = x >= 4 ? (decoded[y * stride + x - 4] as number) : 0;
        decoded.push(((rows[y * (stride + 1) + 1 + x] as number) + left) & 0xff);
      }
    }
    expect(decoded).toEqual([...rgba]);
  });

  it('refuses pixels that are not width × height × 4 bytes', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError);
  });
});

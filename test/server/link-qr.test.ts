// @vitest-environment node
// A payment link's QR code drawn on the server (src/server/link-qr.ts): the preview PNG, read back
// pixel by pixel and decoded by a QR reader (jsQR), is the link's address; the SVG of the printable
// page has the same modules.
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { previewPng, qrSvg } from '../../src/server/link-qr';

const URL_ = 'https://pay.example/l/plink_0123456789ABCDEFGHIJKLmn';

/** The RGBA pixels of a PNG as src/server/png.ts writes them (one IDAT, every row filtered with Sub). */
function pixelsOf(png: Buffer): { width: number; height: number; data: Uint8ClampedArray } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let offset = 8;
  let idat = Buffer.alloc(0);
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat = Buffer.concat([idat, png.subarray(offset + 8, offset + 8 + length)]);
    offset += 12 + length;
  }
  const rows = inflateSync(idat);
  const stride = width * 4;
  const data = new Uint8ClampedArray(stride * height);
  for (let y = 0; y < height; y++) {
    expect(rows[y * (stride + 1)]).toBe(1);
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? (data[y * stride + x - 4] as number) : 0;
      data[y * stride + x] = ((rows[y * (stride + 1) + 1 + x] as number) + left) & 0xff;
    }
  }
  return { width, height, data };
}

describe('previewPng', () => {
  it('is the link’s address as a QR code a reader decodes, square, under 3 KB', () => {
    const { png, side } = previewPng(URL_);
    const { width, height, data } = pixelsOf(png);
    expect([width, height]).toEqual([side, side]);
    expect(png.length).toBeLessThan(3 * 1024);
    expect(jsQR(data, width, height)?.data).toBe(URL_);
  });
});

describe('qrSvg', () => {
  it('draws the modules of the same code, labelled, in a viewBox of modules', () => {
    const svg = qrSvg(URL_, 'QR');
    const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    expect(side).toBe((previewPng(URL_).side - 24) / 6);
    expect(svg).toContain('aria-label="QR"');
    expect((svg.match(/h1v1h-1z/g) ?? []).length).toBeGreaterThan(side * 2);
  });
});

// A minimal PNG encoder (8-bit RGBA, no interlace): a signature, IHDR, one IDAT of deflated rows,
// IEND (PNG spec, ISO/IEC 15948). The server draws a payment link's QR code with it (./link-qr.ts);
// the demo shop its logo, and the tests their images. Here, with the server, because the server
// never depends on the demo.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** `rgba` holds width × height pixels, row by row, 4 bytes each. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError('encodePng: rgba must hold width × height × 4 bytes.');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filters, no interlace
  // Each row filtered with Sub (type 1): flat colours become runs of zeros, which deflate well.
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    rows[out] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? (rgba[y * stride + x - 4] as number) : 0;
      rows[out + 1 + x] = ((rgba[y * stride + x] as number) - left) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

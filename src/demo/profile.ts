// The demo shop's merchant profile, shown to its payers (who is paid): its name, a logo drawn here
// in code (a white "A" on a terracotta tile, 48 × 48, anti-aliased), and where to ask for help.
import type { MerchantRequest } from '../api/types';
import { encodePng } from '../server/png';
import { STRINGS } from './strings';

const SIZE = 48;
/** Samples per pixel side: 4 × 4 samples give the edges their anti-aliasing. */
const SAMPLES = 4;
const TILE = [0xb4, 0x4a, 0x1e] as const; // terracotta; white on it is 5.3:1
const RADIUS = 10;

/** Distance from (px, py) to the segment (ax, ay)–(bx, by). */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Inside the rounded tile that fills the image. */
function inTile(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x, RADIUS), SIZE - RADIUS);
  const cy = Math.min(Math.max(y, RADIUS), SIZE - RADIUS);
  return Math.hypot(x - cx, y - cy) <= RADIUS;
}

/** On the letter: two legs meeting at the top and a crossbar, strokes 5 px wide. */
function inLetter(x: number, y: number): boolean {
  const half = 2.5;
  return (
    toSegment(x, y, 14, 37, 24, 11) <= half ||
    toSegment(x, y, 34, 37, 24, 11) <= half ||
    toSegment(x, y, 18.5, 28, 29.5, 28) <= half - 0.5
  );
}

/** The logo as PNG bytes (about 1 KB). */
export function demoLogoPng(): Buffer {
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let tile = 0;
      let letter = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = x + (sx + 0.5) / SAMPLES;
          const py = y + (sy + 0.5) / SAMPLES;
          if (!inTile(px, py)) continue;
          tile++;
          if (inLetter(px, py)) letter++;
        }
      }
      const mix = tile === 0 ? 0 : letter / tile;
      const at = (y * SIZE + x) * 4;
      TILE.forEach((channel, i) => {
        rgba[at + i] = Math.round(channel + (255 - channel) * mix);
      });
      rgba[at + 3] = Math.round((255 * tile) / (SAMPLES * SAMPLES));
    }
  }
  return encodePng(SIZE, SIZE, rgba);
}

/** The demo merchant's profile, set on the sandbox for its key when the server starts. */
export function demoMerchantProfile(): MerchantRequest {
  return {
    name: STRINGS.fr.shopName,
    logo: `data:image/png;base64,${demoLogoPng().toString('base64')}`,
    support_email: 'aide@boutique-awa.example',
    support_phone: '+242061234567',
  };
}

// A payment link's QR code, drawn on the server with the encoder the waiting screen loads in the
// browser (lean-qr's nano build, src/methods/momo/steps/qr.entry.ts): as SVG for the printable page,
// and as a small PNG for the link's preview in a chat (og:image), a few hundred bytes to 2 KB.
import { generate } from 'lean-qr/nano';
import { encodePng } from './png';

/** White modules around the code, as the QR specification asks (ISO/IEC 18004: four). */
const QUIET = 4;

interface Modules {
  size: number;
  get(x: number, y: number): boolean;
}

const modulesOf = (text: string): Modules => generate(text);

/** The code as an SVG of one path, its viewBox in modules: the page's stylesheet gives its size. */
export function qrSvg(text: string, label: string): string {
  const code = modulesOf(text);
  const side = code.size + 2 * QUIET;
  let path = '';
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  return `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${label}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** Pixels a module in the preview image: small for a slow network, enough for a chat's thumbnail. */
export const PREVIEW_SCALE = 6;
/** The checkout's green, framing the code so that the preview reads as a payment. */
const FRAME = [0x0b, 0x6b, 0x3a] as const;
const FRAME_PX = 12;

/** The link's QR code as a PNG: black on white in a green frame, `PREVIEW_SCALE` pixels a module. */
export function previewPng(text: string): { png: Buffer; side: number } {
  const code = modulesOf(text);
  const inner = (code.size + 2 * QUIET) * PREVIEW_SCALE;
  const side = inner + 2 * FRAME_PX;
  const rgba = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 4;
      const ix = x - FRAME_PX;
      const iy = y - FRAME_PX;
      const framed = ix < 0 || iy < 0 || ix >= inner || iy >= inner;
      const mx = Math.floor(ix / PREVIEW_SCALE) - QUIET;
      const my = Math.floor(iy / PREVIEW_SCALE) - QUIET;
      const dark = !framed && mx >= 0 && my >= 0 && mx < code.size && my < code.size && code.get(mx, my);
      const [r, g, b] = framed ? FRAME : dark ? [0, 0, 0] : [255, 255, 255];
      rgba.set([r, g, b, 255], at);
    }
  }
  return { png: encodePng(side, side, rgba), side };
}

// Content negotiation and compression of static bytes. Each body is compressed once, at the
// highest settings (the cost is paid once; the payer on a slow network saves on every load).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One body in every encoding worth sending; a compressed variant is kept only if smaller. */
export interface Variants {
  type: string;
  identity: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  /** Hash of the identity bytes; each encoding gets its own strong ETag from it. */
  hash: string;
}

/** Formats that are already compressed (or tiny binary formats) gain nothing from another pass. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/;
/** Above this size a file is sent as is rather than held compressed in memory. */
const MAX_COMPRESSED_BYTES = 8 * 1024 * 1024;
const MIN_COMPRESSED_BYTES = 256;

export const isCompressible = (type: string, size: number) =>
  COMPRESSIBLE.test(type) && size >= MIN_COMPRESSED_BYTES && size <= MAX_COMPRESSED_BYTES;

export async function compressVariants(bytes: Uint8Array, type: string): Promise<Variants> {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  const variants: Variants = { type, identity: bytes, hash };
  if (!isCompressible(type, bytes.byteLength)) return variants;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: type.startsWith('image/')
          ? constants.BROTLI_MODE_GENERIC
          : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.byteLength < bytes.byteLength) variants.br = new Uint8Array(br.buffer, br.byteOffset, br.byteLength);
  if (gz.byteLength < bytes.byteLength) variants.gzip = new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength);
  return variants;
}

/** The q-value of each coding named in an Accept-Encoding header (invalid entries are ignored). */
export function parseAcceptEncoding(header: string | null): Map<string, number> {
  const codings = new Map<string, number>();
  if (header === null) return codings;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](\.\d{0,3})?)$/.exec(param);
      if (param.startsWith('q=')) q = match ? Math.min(1, Number(match[1])) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    codings.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return codings;
}

/**
 * The encoding to send among those available: the highest q-value wins, ties go to brotli, then
 * gzip, then identity. With no Accept-Encoding header, identity (older clients mishandle others).
 */
export function negotiateEncoding(header: string | null, available: readonly Encoding[]): Encoding {
  const codings = parseAcceptEncoding(header);
  const wildcard = codings.get('*');
  const qOf = (coding: Encoding) => {
    const explicit = codings.get(coding);
    if (explicit !== undefined) return explicit;
    if (coding === 'identity') return 0.001; // acceptable unless refused, but never preferred
    return wildcard ?? 0;
  };
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    if (!available.includes(coding)) continue;
    const q = qOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

export interface VariantResponseOptions {
  cacheControl: string;
  headers?: Record<string, string>;
  status?: number;
}

function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Answers a GET or HEAD with the best encoding of a body, honouring If-None-Match. */
export function variantResponse(req: Request, variants: Variants, options: VariantResponseOptions): Response {
  const available: Encoding[] = ['identity'];
  if (variants.br) available.push('br');
  if (variants.gzip) available.push('gzip');
  const encoding = negotiateEncoding(req.headers.get('accept-encoding'), available);
  const body = encoding === 'identity' ? variants.identity : (variants[encoding] as Uint8Array);
  const etag = `"${variants.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  // An answer no cache may keep (the hosted page: no-store) is never revalidated: its tag would be
  // 40 bytes of every payer's page load for nothing.
  const cached = !/\bno-store\b/.test(options.cacheControl);
  const headers: Record<string, string> = {
    'Content-Type': variants.type,
    'Cache-Control': options.cacheControl,
    ...(cached ? { ETag: etag } : {}),
    ...options.headers,
  };
  // Caches must keep one copy per encoding whenever the answer could have been encoded otherwise
  // (an answer no cache may keep needs no such word).
  if (available.length > 1 && cached) headers.Vary = 'Accept-Encoding';
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  if (cached && etagMatches(req.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: withoutContentHeaders(headers) });
  }
  headers['Content-Length'] = String(body.byteLength);
  return new Response(req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
    status: options.status ?? 200,
    headers,
  });
}

function withoutContentHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'Content-Type': _type, 'Content-Encoding': _encoding, ...rest } = headers;
  return rest;
}

/**
 * API answers at least this large are compressed: below it, brotli's framing and the
 * Content-Encoding header cost about what they would save (an error's 150 B, a 304's nothing).
 */
export const MIN_COMPRESSED_ANSWER_BYTES = 200;
/** A quick setting: an answer is compressed at every request (a status read's 1.5 KB in well under a millisecond). */
const ANSWER_BROTLI_QUALITY = 5;

/**
 * An API answer (JSON, made per request) in the best encoding the request accepts: brotli or gzip
 * above MIN_COMPRESSED_ANSWER_BYTES, with `Vary: Accept-Encoding` unless no cache may keep it; as
 * it came otherwise. A body that
 * fails while being read (the sandbox's faults: a reset, a hang given up) fails the same way after.
 */
export async function compressAnswer(req: Request, res: Response): Promise<Response> {
  const type = res.headers.get('Content-Type') ?? '';
  if (req.method === 'HEAD' || res.body === null || res.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type))
    return res;
  const length = Number(res.headers.get('Content-Length') ?? Number.NaN);
  if (length < MIN_COMPRESSED_ANSWER_BYTES || length > MAX_COMPRESSED_BYTES) return res;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (error) {
    return new Response(failingBody(error), { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  const headers = new Headers(res.headers);
  if (bytes.byteLength >= MIN_COMPRESSED_ANSWER_BYTES && bytes.byteLength <= MAX_COMPRESSED_BYTES) {
    // Caches keep one copy per encoding; an answer none may keep (every status read: no-store)
    // needs no such word.
    if (!/\bno-store\b/.test(headers.get('Cache-Control') ?? '')) headers.append('Vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(req.headers.get('accept-encoding'), ['br', 'gzip', 'identity']);
    if (encoding !== 'identity') {
      const packed =
        encoding === 'br'
          ? await brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            })
          : await gzipAsync(bytes, { level: 6 });
      if (packed.byteLength < bytes.byteLength) {
        bytes = new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength);
        headers.set('Content-Encoding', encoding);
      }
    }
  }
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
}

/** A body that fails a moment after it is first read, as the one it stands for did. */
function failingBody(error: unknown): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull: (controller) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          controller.error(error);
          resolve();
        }, 0),
      ),
  });
}

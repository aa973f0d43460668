// Files of the build output (dist/). A URL path is mapped to a file only through a strict check of
// each decoded segment and a final containment check of the real path, so no request can read
// outside the directory. Each file is read and compressed once, then served from memory until its
// size or modification time changes (a rebuild while the server runs is picked up).
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { compressVariants, type Variants } from './compress';
import { type ServedConfig, servedRewriter } from './served-config';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/** A file name segment: no leading dot (no `..`, no hidden files), no separators, no controls. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._~@+-]*$/;
const MAX_SEGMENTS = 8;

/**
 * The decoded segments of a path relative to the served directory, or null if any segment is not a
 * plain file or directory name. Percent-decoding happens here, once, per segment: `%2e%2e`,
 * `..%2f..`, `%5c` and `%00` all come out as segments the pattern refuses.
 */
export function safeSegments(relativeUrlPath: string): string[] | null {
  const raw = relativeUrlPath.split('/');
  if (raw.length === 0 || raw.length > MAX_SEGMENTS) return null;
  const segments: string[] = [];
  for (const part of raw) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (!SAFE_SEGMENT.test(decoded)) return null;
    segments.push(decoded);
  }
  return segments;
}

interface CacheEntry {
  size: number;
  mtimeMs: number;
  variants: Promise<Variants>;
}

export interface StaticFiles {
  /** The root directory (absolute). */
  readonly root: string;
  /**
   * The file at a URL path relative to the root (e.g. `assets/index-abc.js`), or null when it does
   * not exist, is not a regular file, or the path is not acceptable.
   */
  get(relativeUrlPath: string): Promise<Variants | null>;
  /**
   * Reads and compresses, ahead of the first request, the page, the widget and every file of
   * assets/, so no payer waits for brotli's highest setting. Never fails.
   */
  warm(): Promise<void>;
}

export interface StaticFilesOptions {
  /**
   * What the server is configured with, written into the hosted page and widget.js as they are
   * read (./served-config.ts): their compressed variants and ETags are made from those bytes.
   */
  served?: ServedConfig | undefined;
}

export function createStaticFiles(rootDir: string, options: StaticFilesOptions = {}): StaticFiles {
  const root = resolve(rootDir);
  const rewrite = options.served ? servedRewriter(options.served) : (_path: string, bytes: Uint8Array) => bytes;
  const cache = new Map<string, CacheEntry>();
  let realRoot: string | undefined;

  async function locate(relativeUrlPath: string): Promise<string | null> {
    const segments = safeSegments(relativeUrlPath);
    if (segments === null) return null;
    const candidate = join(root, ...segments);
    if (!candidate.startsWith(root + sep)) return null;
    // Symbolic links must not lead out of the directory either.
    realRoot ??= await realpath(root);
    const real = await realpath(candidate).catch(() => null);
    if (real === null || !real.startsWith(realRoot + sep)) return null;
    return real;
  }

  const files: StaticFiles = {
    root,
    async get(relativeUrlPath) {
      const path = await locate(relativeUrlPath).catch(() => null);
      if (path === null) return null;
      const info = await stat(path).catch(() => null);
      if (info === null || !info.isFile()) {
        cache.delete(path);
        return null;
      }
      const cached = cache.get(path);
      if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached.variants;
      // biome-ignore lint/style/noNonNullAssertion: locate() set realRoot before it found `path`
      const served = relative(realRoot!, path).split(sep).join('/');
      const variants = readFile(path).then((bytes) => compressVariants(rewrite(served, bytes), contentTypeOf(path)));
      const entry: CacheEntry = { size: info.size, mtimeMs: info.mtimeMs, variants };
      cache.set(path, entry);
      // A failed read is not remembered: the next request tries again.
      variants.catch(() => {
        if (cache.get(path) === entry) cache.delete(path);
      });
      return variants;
    },
    async warm() {
      const assets = await readdir(join(root, 'assets')).catch(() => [] as string[]);
      const paths = ['index.html', 'widget.js', ...assets.map((name) => `assets/${name}`)];
      for (const path of paths) await files.get(path).catch(() => null);
    },
  };
  return files;
}

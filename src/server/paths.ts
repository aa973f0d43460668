// Where the server finds its files: always from the repository root, whatever the working directory.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is src/server/paths.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The output of `npm run build`: the hosted page, its assets and widget.js. */
export const DEFAULT_DIST_DIR = resolve(REPO_ROOT, 'dist');

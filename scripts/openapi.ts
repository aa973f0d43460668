// Writes the OpenAPI document (src/sandbox/openapi/document.ts: the operations table and the zod
// schemas, converted) to dist/openapi.json, or to the file given: `npm run build` does it
// (scripts/build-package.ts), and so does `tsx scripts/openapi.ts [file]` on its own.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../src/server/paths';
import { openApiDocument } from '../src/sandbox/openapi/document';

export const OPENAPI_FILE = join(REPO_ROOT, 'dist', 'openapi.json');

export async function writeOpenApi(file = OPENAPI_FILE): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] === undefined ? OPENAPI_FILE : resolve(process.argv[2]);
  await writeOpenApi(file);
  console.log(`openapi: wrote ${file}`);
}

// @vitest-environment node
// src/server/static.ts: the built files' cache, and the path checks before it reads one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVED_PLACEHOLDER } from '../../src/server/served-config';
import { createStaticFiles, safeSegments } from '../../src/server/static';
import { makeDistFixture } from './helpers';

describe('safeSegments', () => {
  it('accepts plain names', () => {
    expect(safeSegments('assets/index-Ab_12.js')).toEqual(['assets', 'index-Ab_12.js']);
  });
  it.each([
    '',
    'assets/',
    'assets//x.js',
    '../x',
    'assets/..',
    'assets/%2e%2e',
    'assets/..%2fx',
    'assets/a%5cb',
    'assets/.env',
    'a/%00',
    'a/%zz',
    'a/b c',
  ])('refuses %j', (path) => {
    expect(safeSegments(path)).toBeNull();
  });
});

describe('createStaticFiles', () => {
  const fixture = makeDistFixture();
  afterAll(() => fixture.cleanup());

  it('reads and compresses a file once, then serves it from memory', async () => {
    const files = createStaticFiles(fixture.distDir);
    const first = await files.get('assets/index-Ab12Cd34.js');
    const second = await files.get('assets/index-Ab12Cd34.js');
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(first?.br).toBeDefined();
    expect(first?.gzip).toBeDefined();
  });

  it('finds nothing for directories, missing files and links out of the directory', async () => {
    const files = createStaticFiles(fixture.distDir);
    expect(await files.get('assets')).toBeNull();
    expect(await files.get('assets/none.js')).toBeNull();
    expect(await files.get('assets/link.js')).toBeNull();
  });
});

describe('createStaticFiles › served', () => {
  const fixture = makeDistFixture();
  writeFileSync(join(fixture.distDir, 'widget.js'), `${fixture.files.widget}const served = "${SERVED_PLACEHOLDER}";\n`);
  afterAll(() => fixture.cleanup());
  const served = { apiBase: 'https://api.example.com', publicUrl: 'https://pay.example' };

  it('serves the page and widget.js as the server configures them, every variant and ETag made from those bytes', async () => {
    const built = createStaticFiles(fixture.distDir);
    const files = createStaticFiles(fixture.distDir, { served });
    for (const path of ['index.html', 'widget.js']) {
      const [before, after] = [(await built.get(path))!, (await files.get(path))!];
      const identity = Buffer.from(after.identity).toString('utf8');
      expect(identity, path).toContain(
        path === 'widget.js' ? 'const served = {"origin":"https://pay.example"' : '<meta name="momo-api"',
      );
      expect(identity).not.toContain(SERVED_PLACEHOLDER);
      expect(after.hash, path).not.toBe(before.hash);
      expect(brotliDecompressSync(after.br!).toString('utf8'), path).toBe(identity);
      expect(gunzipSync(after.gzip!).toString('utf8'), path).toBe(identity);
    }
    expect(await files.get('assets/index-Ab12Cd34.js')).toEqual(await built.get('assets/index-Ab12Cd34.js'));
  });

  it('refuses a bad API address when made, not at the first request', () => {
    expect(() => createStaticFiles(fixture.distDir, { served: { ...served, apiBase: 'api.example.com' } })).toThrow(
      TypeError,
    );
  });
});

describe('StaticFiles.warm', () => {
  const fixture = makeDistFixture();
  afterAll(() => fixture.cleanup());

  it('never fails, whatever the directory holds or lacks', async () => {
    await expect(createStaticFiles(fixture.distDir).warm()).resolves.toBeUndefined();
    await expect(createStaticFiles(`${fixture.base}/missing`).warm()).resolves.toBeUndefined();
  });
});

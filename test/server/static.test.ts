// @vitest-environment node
// src/server/static.ts: the built files' cache, and the path checks before it reads one.
import { afterAll, describe, expect, it } from 'vitest';
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

describe('StaticFiles.warm', () => {
  const fixture = makeDistFixture();
  afterAll(() => fixture.cleanup());

  it('never fails, whatever the directory holds or lacks', async () => {
    await expect(createStaticFiles(fixture.distDir).warm()).resolves.toBeUndefined();
    await expect(createStaticFiles(`${fixture.base}/missing`).warm()).resolves.toBeUndefined();
  });
});

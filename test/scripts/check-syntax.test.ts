// @vitest-environment node
// `npm run check:syntax` (scripts/check-syntax.ts, ./check-css.ts) fails on what the engine floor
// cannot read: a build of a few made-up files passes, and each one thing above the floor put in it
// fails it — a later syntax in a script or an inline script, a regular expression that looks
// behind, CSS that loses a rule there, in a page's <style> or in a stylesheet a script holds.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssFloorProblems, looksLikeCss } from '../../scripts/check-css';
import { checkSyntax } from '../../scripts/check-syntax';

const GOOD: Record<string, string> = {
  'index.html': '<script>var a = 1;</script><style>.momo{color:red}.a:focus-visible{outline:0}</style>',
  'widget.js': '(function(){"use strict";var css=".momo{color:red}.momo-input:focus-within{outline:0}";})();',
  'widget.mjs': 'export const url = import.meta.url;',
  'react.mjs': 'export const b = 1;',
  'assets/index-abc.js': '(function(){"use strict";var s = {...{a: 1}}; /(?<year>\\d{4})/.test("2024");})();',
  'steps/screens.js': '(function(){"use strict";var c = `.momo-progress::after{top:0;left:0;width:30%}`;})();',
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A made-up build: the good files, with `changes` in them. */
function build(changes: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'momo-check-syntax-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries({ ...GOOD, ...changes })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/** What checkSyntax says of the build: '' when it passes. */
function verdict(dir: string): string {
  // es-check's and the check's own output: the test reads the error.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    checkSyntax(dir);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('npm run check:syntax', () => {
  it('passes a build at the floor', () => {
    expect(verdict(build())).toBe('');
  });

  it('fails a script above ES2018, wherever it is, and an inline script above ES5', () => {
    expect(verdict(build({ 'steps/otp.js': 'var a = window.x ?? 1;' }))).toContain('a script above es2018');
    expect(verdict(build({ 'widget.js': 'var a = window.x?.y;' }))).toContain('a script above es2018');
    expect(verdict(build({ 'index.html': '<script>let a = () => 1;</script>' }))).toContain('a script above es5');
  });

  it('fails a regular expression that looks behind (iOS before 16.4), in a literal or a string', () => {
    expect(verdict(build({ 'widget.js': 'var re = /(?<=\\+)\\d+/;' }))).toMatch(
      /widget\.js: a regular expression that looks behind/,
    );
    expect(verdict(build({ 'assets/index-abc.js': 'var re = new RegExp("(?<!a)b");' }))).toMatch(/looks behind/);
    expect(verdict(build({ 'index.html': '<script>var re = /(?<=a)b/;</script>' }))).toMatch(/looks behind/);
  });

  it("fails CSS that loses a rule or a box at the floor: in a page's <style>, and in a script's stylesheet", () => {
    expect(
      verdict(build({ 'widget.js': 'var css=".momo-input:focus-within,.momo select:focus-visible{outline:0}";' })),
    ).toMatch(/widget\.js's stylesheet: .*:focus-visible in a selector list/);
    expect(verdict(build({ 'steps/screens.js': 'var c = `.momo-progress::after{inset:0 70% 0 0}`;' }))).toMatch(
      /steps\/screens\.js's stylesheet: .*inset/,
    );
    expect(
      verdict(build({ 'index.html': '<script>var a;</script><style>.momo-operator:has(:checked){border:0}</style>' })),
    ).toMatch(/index\.html's <style>: .*:has\(\)/);
  });
});

describe('the CSS the floor reads', () => {
  const problems = (css: string) => cssFloorProblems(css).length;

  it('refuses a later pseudo-class in a selector list, :has() anywhere, inset, @layer, nesting and media ranges', () => {
    for (const css of [
      '.a:focus-within,.b:focus-visible{outline:0}',
      '.a,.b:is(.c){color:red}',
      '.a,:where(.b){color:red}',
      '.a,.b:not(.c,.d){color:red}',
      '.a,.b:not(.c .d){color:red}',
      '.a,dialog::backdrop{color:red}',
      '.a:has(input:checked){color:red}',
      '@media (prefers-color-scheme:dark){.a,.b:focus-visible{outline:0}}',
      '.a{position:absolute;inset:0}',
      '.a{inset-inline-end:0}',
      '@layer base{.a{color:red}}',
      '.a{color:red;&:hover{color:blue}}',
      '@media (width >= 600px){.a{color:red}}',
    ])
      expect(problems(css), css).toBeGreaterThan(0);
  });

  it('lets through what the floor reads, or drops alone: a later selector in a rule of its own, keyframes, comments', () => {
    for (const css of [
      '.a:focus-within{outline:0}.b:focus-visible{outline:0}',
      '.momo button:focus-visible,.momo a:focus-visible{outline:0}',
      '.a,.b:not([type=radio]){color:red}',
      'dialog::backdrop{background:#0008}',
      '@keyframes spin{from{transform:none}to{transform:rotate(1turn)}}',
      '/* .a,.b:focus-visible{inset:0} */.a{top:0;left:0}',
      '.a{content:"{,:focus-visible}"}',
      '@media (max-width:18em){.a,.b{color:red}}',
    ])
      expect(cssFloorProblems(css), css).toEqual([]);
  });

  it('holds the sources too: each stylesheet is written for the floor, not only minified for it', () => {
    const root = join(__dirname, '../..');
    const sources = ['src/components', 'src/hosted', 'src/methods/momo', 'src/widget'].flatMap((folder) =>
      readdirSync(join(root, folder))
        .filter((file) => file.endsWith('.css'))
        .map((file) => join(folder, file)),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) expect(cssFloorProblems(readFileSync(join(root, file), 'utf8')), file).toEqual([]);
  });

  it('knows a stylesheet among a script’s strings', () => {
    expect(looksLikeCss('.momo{color:red}')).toBe(true);
    expect(looksLikeCss(':host{all:initial}')).toBe(true);
    expect(looksLikeCss('@media (max-width:18em){.a{color:red}}')).toBe(true);
    expect(looksLikeCss('display:block;width:100%;height:420px')).toBe(false);
    expect(looksLikeCss('momo-checkout: could not load {url}')).toBe(false);
    expect(looksLikeCss('{"a":1}')).toBe(false);
  });
});

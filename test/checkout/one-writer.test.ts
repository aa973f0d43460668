// One writer per piece of the model's state: the screen changes only in outcome.dispatch, the
// intent and the session only in outcome.learn (src/checkout/outcome.ts). The other parts get them
// read-only (ReadonlySignal: a write does not compile); this test reads the shipped code for any
// write of them besides those two — a `.value =` (or `+=`, `||=`…) of a signal of that name, or of
// one taken under another name from the outcome — so that a cast around the type is found too.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const FOLDERS = ['src'];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every write of signal `name`'s value in the shipped code: [file, the enclosing function's name]. */
function writesOf(name: string): string[] {
  const write = new RegExp(`\\b${name}\\.value\\s*(?:=(?!=)|[-+*/|&?]{1,2}=)`, 'g');
  const found: string[] = [];
  for (const file of FOLDERS.flatMap(sources)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(write)) {
      // The nearest function declared above the write: where it happens.
      const before = text.slice(0, match.index);
      const fn = [...before.matchAll(/function (\w+)\(/g)].pop();
      found.push(`${relative(ROOT, file)} ${fn ? fn[1] : '(top level)'}`);
    }
  }
  return found;
}

describe('the model › one writer per piece of state', () => {
  it('the screen is written in outcome.dispatch alone', () => {
    expect(writesOf('screen')).toEqual(['src/checkout/outcome.ts dispatch']);
  });

  it('the intent and the session are written in outcome.learn alone', () => {
    expect(writesOf('intent')).toEqual(['src/checkout/outcome.ts learn']);
    expect(writesOf('session')).toEqual(['src/checkout/outcome.ts learn']);
  });

  it('no part takes a signal of the outcome under another name, where a write would escape the check', () => {
    const renamed = /\{[^}]*\b(screen|intent|session)\s*:\s*\w+[^}]*\}\s*=\s*(?:outcome|createOutcome)\b/;
    for (const file of sources('src/checkout'))
      expect(renamed.test(readFileSync(file, 'utf8')), relative(ROOT, file)).toBe(false);
  });

  it('finds a write where there is one (the check can fail)', () => {
    const write = /\bintent\.value\s*(?:=(?!=)|[-+*/|&?]{1,2}=)/;
    expect(write.test('intent.value = read;')).toBe(true);
    expect(write.test('intent.value ??= read;')).toBe(true);
    expect(write.test('intent.value === read')).toBe(false);
  });
});

// @vitest-environment node
// Server rendering (Next.js and the like) imports the module where there is no DOM at all.
import { describe, expect, it } from 'vitest';

describe('widget ES module › on a server', () => {
  it('imports without a window or a document, and define() does nothing there', async () => {
    expect(typeof window).toBe('undefined');
    const before = new Set(Object.keys(globalThis));
    const widget = await import('../../src/widget');
    expect(Object.keys(widget).sort()).toEqual(['define', 'mount', 'open']);
    expect(() => widget.define()).not.toThrow();
    // zod's own settings (__zod_global*) are kept inside the bundle by the widget build.
    expect(Object.keys(globalThis).filter((key) => !before.has(key) && !key.startsWith('__zod_global'))).toEqual([]);
  });
});

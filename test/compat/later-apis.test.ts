// @vitest-environment node
// The engine floor's fallbacks (src/compat.ts) and the build's rewrite of later APIs into them
// (scripts/vite/later-apis.ts): a payer on Chrome 67 or iOS 12 runs the rewritten calls.
import { parseAst } from 'rolldown/parseAst';
import { afterEach, describe, expect, it } from 'vitest';
import {
  at,
  flat,
  flatMap,
  fromEntries,
  hasOwn,
  matchAll,
  queueMicrotask,
  replaceAll,
  replaceChildren,
} from '../../src/compat';
import { rewriteLaterApis } from '../../scripts/vite/later-apis';

type Node = ReturnType<Parameters<typeof rewriteLaterApis>[1]>;
const parse = (code: string) => parseAst(code) as unknown as Node;
const rewrite = (code: string) => rewriteLaterApis(code, parse)?.code.replace(/^import .*\n/, '');

describe('the build rewrites each later API into its fallback', () => {
  it('static and global ones, wherever they are read', () => {
    expect(rewrite('const o = Object.fromEntries(e.filter(f)); Object.hasOwn(o, "k");')).toBe(
      'const o = __momo_fromEntries(e.filter(f)); __momo_hasOwn(o, "k");',
    );
    expect(rewrite('((o.debounce) || queueMicrotask)(run); queueMicrotask(() => 1);')).toBe(
      '((o.debounce) || __momo_queueMicrotask)(run); __momo_queueMicrotask(() => 1);',
    );
  });

  it('methods, the receiver first, chained and nested calls included', () => {
    expect(rewrite('u.href.replaceAll("a", x).replaceAll("b", y.at(-1))')).toBe(
      '__momo_replaceAll(__momo_replaceAll(u.href, "a", x), "b", __momo_at(y, -1))',
    );
    expect(rewrite('(a || b).flat()')).toBe('__momo_flat((a || b))');
    expect(rewrite('[...t.matchAll(/x/g)]; root.replaceChildren()')).toBe(
      '[...__momo_matchAll(t, /x/g)]; __momo_replaceChildren(root)',
    );
  });

  it('leaves property names and a module’s own function of the same name alone', () => {
    expect(rewrite('x.queueMicrotask = { queueMicrotask: 1 }; x.atom(); x.at')).toBeUndefined();
    expect(rewrite('function queueMicrotask(f) {} queueMicrotask(g)')).toBeUndefined();
  });

  it('tells where `?.` would lose its meaning', () => {
    expect(() => rewriteLaterApis('a?.at(0)', parse)).toThrow(/without `\?\.`/);
  });

  it('imports only what the module uses, from src/compat', () => {
    const result = rewriteLaterApis('Object.hasOwn(a, b)', parse)!;
    expect(result.code).toMatch(/^import \{ hasOwn as __momo_hasOwn \} from ".*src\/compat\.ts";\n/);
  });
});

describe('the fallbacks, on an engine without the API', () => {
  const saved: [object, string, PropertyDescriptor | undefined][] = [];
  const remove = (owner: object, name: string) => {
    saved.push([owner, name, Object.getOwnPropertyDescriptor(owner, name)]);
    delete (owner as Record<string, unknown>)[name];
  };
  afterEach(() => {
    for (const [owner, name, descriptor] of saved.splice(0))
      if (descriptor) Object.defineProperty(owner, name, descriptor);
  });

  it('read as the standard methods do', () => {
    remove(Array.prototype, 'at');
    remove(Array.prototype, 'flat');
    remove(Array.prototype, 'flatMap');
    remove(String.prototype, 'replaceAll');
    remove(String.prototype, 'matchAll');
    expect(at([1, 2, 3], -1)).toBe(3);
    expect(at([1, 2, 3], 0)).toBe(1);
    expect(at([1, 2, 3], 5)).toBeUndefined();
    expect(flat([1, [2, [3]]])).toEqual([1, 2, [3]]);
    expect(flat([1, [2, [3]]], 2)).toEqual([1, 2, 3]);
    expect(flatMap([1, 2], (n) => [n, [n]])).toEqual([1, [1], 2, [2]]);
    expect(replaceAll('{ID}/x/{ID}?a.b', '{ID}', 'cs_1$&')).toBe('cs_1{ID}/x/cs_1{ID}?a.b');
    expect(replaceAll('a.b.c', '.', '-')).toBe('a-b-c');
    expect(matchAll('{a} and {b}', /\{(\w+)\}/g).map((m) => m[1])).toEqual(['a', 'b']);
    expect(
      fromEntries([
        ['a', 1],
        ['b', 2],
      ] as const),
    ).toEqual({ a: 1, b: 2 });
    expect(hasOwn({ a: undefined }, 'a')).toBe(true);
    expect(hasOwn(Object.create({ a: 1 }), 'a')).toBe(false);
  });

  it('replaceChildren empties the node and appends', () => {
    const parent = {
      textContent: 'old',
      appended: [] as unknown[],
      append(...nodes: unknown[]) {
        this.appended.push(...nodes);
      },
    };
    replaceChildren(parent as unknown as ParentNode, 'text');
    expect(parent).toMatchObject({ textContent: '', appended: ['text'] });
  });

  it('queueMicrotask runs after the current task’s code, before a timer', async () => {
    const order: string[] = [];
    queueMicrotask(() => order.push('microtask'));
    setTimeout(() => order.push('timer'));
    order.push('sync');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['sync', 'microtask', 'timer']);
  });
});

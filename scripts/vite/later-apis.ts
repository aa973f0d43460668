// A Vite plugin of the builds that ship to browsers (vite.config.ts): every use of an API later than
// the engine floor, in the checkout's code and in its libraries (Preact schedules its renders with
// queueMicrotask), becomes a call of its fallback in src/compat.ts, which uses the engine's own where
// there is one. `Object.fromEntries(x)` → `fromEntries(x)`, `text.replaceAll(a, b)` →
// `replaceAll(text, a, b)`. The sources keep the standard call; nothing touches the page's globals.
// What no fallback covers is caught after the build: `npm run check:syntax` (es-check's feature
// check) and the browser test that pays with these APIs deleted (test/browser/engine-floor).
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const COMPAT = fileURLToPath(new URL('../../src/compat.ts', import.meta.url));

/** `Object.<name>` read anywhere. */
const STATICS = ['hasOwn', 'fromEntries'] as const;
/** A global function, read anywhere (Preact reads it as a value: `options.debounceRendering || queueMicrotask`). */
const GLOBALS = ['queueMicrotask'] as const;
/** `<receiver>.<name>(…)`, whatever the receiver: the fallback calls the receiver's own method if it has one. */
const METHODS = ['at', 'flat', 'flatMap', 'replaceAll', 'matchAll', 'replaceChildren', 'checkVisibility'] as const;

const ANY = new RegExp(
  `\\bObject\\.(?:${STATICS.join('|')})\\b|\\b(?:${GLOBALS.join('|')})\\b|\\.(?:${METHODS.join('|')})\\s*\\(`,
);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: Node, visit: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) for (const item of value) isNode(item) && walk(item, visit, node);
    else if (isNode(value)) walk(value, visit, node);
  }
}

/** The local name of a fallback in a rewritten module. */
const local = (name: string) => `__momo_${name}`;

/** Rewrites `code`; null when it uses none of these APIs. */
export function rewriteLaterApis(
  code: string,
  parse: (code: string) => Node,
  id = 'module',
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!ANY.test(code)) return null;
  const s = new MagicString(code);
  const used = new Set<string>();
  // A module that names one of the globals itself (declares it, imports it) keeps its own.
  const declared = new Set<string>(
    GLOBALS.filter((name) => new RegExp(`(?:function|const|let|var|import\\s*\\{[^}]*)\\s*\\b${name}\\b`).test(code)),
  );
  walk(parse(code), (node, parent) => {
    if (node.type === 'MemberExpression' && !node.computed) {
      const object = node.object as Node;
      const property = node.property as Node & { name?: string };
      const name = property.name as (typeof STATICS)[number];
      if (object.type === 'Identifier' && object.name === 'Object' && STATICS.includes(name)) {
        s.overwrite(node.start, node.end, local(name));
        used.add(name);
      }
    } else if (
      node.type === 'Identifier' &&
      GLOBALS.includes(node.name as (typeof GLOBALS)[number]) &&
      !declared.has(node.name as string)
    ) {
      // Not a property's name (`x.queueMicrotask`, `{ queueMicrotask: … }`).
      const isKey =
        parent &&
        ((parent.type === 'MemberExpression' && parent.property === node && !parent.computed) ||
          (parent.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand));
      if (!isKey) {
        s.overwrite(node.start, node.end, local(node.name as string));
        used.add(node.name as string);
      }
    } else if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const property = callee.property as (Node & { name?: string }) | undefined;
      const name = property?.name as (typeof METHODS)[number] | undefined;
      if (callee.type !== 'MemberExpression' || callee.computed || !name || !METHODS.includes(name)) return;
      if (callee.optional || node.optional)
        throw new Error(
          `${id}: write \`?.${name}(\` without \`?.\`: the build gives ${name} a fallback (scripts/vite/later-apis.ts)`,
        );
      const args = node.arguments as Node[];
      // receiver.name(a, b) → __momo_name(receiver, a, b): edits before the receiver (its parentheses
      // included: the member's start) and from the dot to the first argument, never inside either,
      // so nested calls are rewritten as well.
      const dot = code.lastIndexOf('.', property!.start);
      s.appendLeft(callee.start, `${local(name)}(`);
      s.overwrite(dot, args.length > 0 ? args[0]!.start : node.end - 1, args.length > 0 ? ', ' : '');
      used.add(name);
    }
  });
  if (used.size === 0) return null;
  s.prepend(
    `import { ${[...used].map((name) => `${name} as ${local(name)}`).join(', ')} } from ${JSON.stringify(COMPAT)};\n`,
  );
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
}

export function laterApis(): Plugin {
  return {
    name: 'momo-later-apis',
    apply: 'build',
    transform: {
      order: 'post',
      handler(code, id) {
        const path = id.split('?')[0]!;
        if (path === COMPAT || !/\.[cm]?[jt]sx?$/.test(path)) return null;
        return rewriteLaterApis(code, (text) => this.parse(text) as unknown as Node, path);
      },
    },
  };
}

// What the engine floor (docs/integration.md, "Browsers": Chrome and Android WebView 67, iOS Safari 12, Samsung
// Internet 9, Firefox 78) lacks of the APIs the checkout's code and its libraries use. The sources
// write the standard call (`Object.hasOwn(o, k)`, `text.replaceAll(a, b)`); the build
// (scripts/vite/later-apis.ts) makes each a call of the function of the same name here, which uses the
// engine's own method where there is one. Nothing is added to the page's globals: widget.js runs on
// a merchant's page, whose objects are not ours to change.

const objectHasOwnProperty = Object.prototype.hasOwnProperty;

/** `Object.hasOwn` (Chrome 93, iOS 15.4). */
export const hasOwn = (object: object, key: PropertyKey): boolean => objectHasOwnProperty.call(object, key);

/** `Object.fromEntries` (Chrome 73, iOS 12.2). */
export function fromEntries<T>(entries: Iterable<readonly [PropertyKey, T]>): Record<PropertyKey, T> {
  const object: Record<PropertyKey, T> = {};
  for (const [key, value] of entries) object[key] = value;
  return object;
}

/**
 * `queueMicrotask` (Chrome 71, iOS 12.2), Preact's and its signals' scheduler too. An error thrown by
 * the callback is reported as uncaught, as by the real one, not as a rejected promise.
 */
const microtask: (callback: () => void) => void =
  typeof queueMicrotask === 'function'
    ? queueMicrotask
    : (callback) =>
        void Promise.resolve()
          .then(callback)
          .catch((error: unknown) =>
            setTimeout(() => {
              throw error;
            }),
          );
export { microtask as queueMicrotask };

type Receiver = Record<string, unknown>;

/** A method of the receiver's own kind where it has it, else `fallback` (a string's, an array's or a node's). */
const method =
  <Args extends unknown[], Result>(name: string, fallback: (receiver: never, ...args: Args) => Result) =>
  (receiver: unknown, ...args: Args): Result => {
    const own = (receiver as Receiver)[name];
    return typeof own === 'function'
      ? (own as (...args: Args) => Result).apply(receiver, args)
      : fallback(receiver as never, ...args);
  };

/** `Array.prototype.at` and `String.prototype.at` (Chrome 92, iOS 15.4). */
export const at = method('at', (list: ArrayLike<unknown>, index: number) => {
  const i = Math.trunc(index) || 0;
  return list[i < 0 ? list.length + i : i];
});

const flatten = (list: readonly unknown[], depth: number): unknown[] =>
  list.reduce<unknown[]>(
    (flat, item) => flat.concat(depth > 0 && Array.isArray(item) ? flatten(item, depth - 1) : [item]),
    [],
  );

/** `Array.prototype.flat` (Chrome 69, iOS 12). */
export const flat = method('flat', (list: readonly unknown[], depth?: number) =>
  flatten(list, depth === undefined ? 1 : depth),
);

/** `Array.prototype.flatMap` (Chrome 69, iOS 12). */
export const flatMap = method(
  'flatMap',
  (
    list: readonly unknown[],
    map: (item: unknown, index: number, list: readonly unknown[]) => unknown,
    self?: unknown,
  ) => flatten(list.map(map, self), 1),
);

/** `String.prototype.replaceAll` (Chrome 85, iOS 13.4). */
export const replaceAll = method(
  'replaceAll',
  (text: string, search: string | RegExp, replacement: string | ((match: string, ...rest: never[]) => string)) =>
    text.replace(
      typeof search === 'string' ? new RegExp(search.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&'), 'g') : search,
      replacement as string,
    ),
);

/** `String.prototype.matchAll` (Chrome 73, iOS 13): every match, as an array (what callers spread or loop over). */
export const matchAll = method('matchAll', (text: string, pattern: RegExp) => {
  const global = new RegExp(pattern, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const matches: RegExpExecArray[] = [];
  for (let match = global.exec(text); match; match = global.exec(text)) {
    matches.push(match);
    if (!match[0]) global.lastIndex++;
  }
  return matches;
});

/** `Element.prototype.replaceChildren` (Chrome 86, iOS 14). */
export const replaceChildren = method('replaceChildren', (parent: ParentNode, ...nodes: (Node | string)[]) => {
  parent.textContent = '';
  parent.append(...nodes);
});

/** `Element.prototype.checkVisibility` (Chrome 105, iOS 17.4): whether it has a box on the page. */
export const checkVisibility = method('checkVisibility', (element: Element) => element.getClientRects().length > 0);

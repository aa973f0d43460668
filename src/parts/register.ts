// What a lazy part's script runs (./load.ts fetches it): it puts what it brings where the page finds
// it. Imports nothing, so a part's script carries no second copy of anything the page has.

/** Where each part's script puts what it brings: the one global the parts share. */
export const PARTS_GLOBAL = '__momoCheckoutSteps';

export function registerPart(name: string, part: unknown): void {
  // `self`, not globalThis (ES2020): the window a part's script runs in.
  const scope = self as unknown as Record<string, Record<string, unknown> | undefined>;
  // biome-ignore lint/suspicious/noAssignInExpressions: every part's script carries this line; as two statements it minifies longer
  const registry = scope[PARTS_GLOBAL] || (scope[PARTS_GLOBAL] = {});
  registry[name] = part;
}

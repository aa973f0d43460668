// What a step's script runs (src/methods/steps.ts loads it): it puts what it brings where the page
// finds it. Imports nothing, so a step's script carries no second copy of anything the page has.
import type { Parts } from './steps';

/** Where each step's script puts what it brings: the one global the steps share. */
export const STEPS_GLOBAL = '__momoCheckoutSteps';

export function registerPart<N extends keyof Parts>(name: N, part: Parts[N]): void {
  // `self`, not globalThis (ES2020): the window a step's script runs in.
  const scope = self as unknown as Record<string, Partial<Parts> | undefined>;
  // biome-ignore lint/suspicious/noAssignInExpressions: every step's script carries this line; as two statements it minifies longer
  const registry = scope[STEPS_GLOBAL] || (scope[STEPS_GLOBAL] = {});
  registry[name] = part;
}

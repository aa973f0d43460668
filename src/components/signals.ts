// Components follow the signals they read. A component's render runs inside an effect of
// @preact/signals-core, which records each signal read while it runs; a change of any of them
// renders the component again (setState), and that render records anew. This is all of
// @preact/signals' binding the checkout uses, in its place (0.95 KB of brotli of every payer's first
// load): nothing here passes a signal itself as a child or a prop to be rendered in place, which that
// binding also does, and nothing uses its hooks.
import { type Component, options } from 'preact';
import { effect } from '@preact/signals-core';

/** Where a component keeps the end of its latest render's effect: a key no one else uses (preact/hooks has its own `__f`). */
const FOLLOWING = Symbol();

interface Follower extends Component {
  [FOLLOWING]?: () => void;
}

/**
 * Makes every component rendered from now on follow the signals it reads; called once, by the
 * messages' context (./i18n.ts) that every component reads: a call, not an import for its side
 * effect, which the build would leave out (package.json's sideEffects names none of src/).
 */
export function followSignals(): void {
  // Preact calls its `_render` option (`__r` once built, Preact's own name) before each render of
  // a component, the component made: as @preact/signals and preact/hooks do, the render is taken there.
  const hooks = options as unknown as { __r?: (vnode: { __c?: Follower }) => void };
  const before = hooks.__r;
  hooks.__r = (vnode) => {
    if (before) before(vnode);
    const component = vnode.__c;
    if (!component || component[FOLLOWING]) return;
    const render = component.render;
    const unmount = component.componentWillUnmount;
    component[FOLLOWING] = () => {};
    // Set before its first render, whose context may wrap it (Preact's Provider does).
    component.componentWillUnmount = function (this: Follower) {
      (this[FOLLOWING] as () => void)();
      if (unmount) unmount.call(this);
    };
    component.render = function (this: Follower, props, state, context) {
      (this[FOLLOWING] as () => void)();
      let rendered = false;
      let tree: ReturnType<typeof render>;
      this[FOLLOWING] = effect(() => {
        if (rendered) return void this.setState({});
        rendered = true;
        tree = render.call(this, props, state, context);
      });
      // biome-ignore lint/style/noNonNullAssertion: the effect runs at once, and renders
      return tree!;
    };
  };
}

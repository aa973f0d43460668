// One constructable stylesheet, shared by every widget on the page: no <style> element, so a page
// whose CSP forbids inline styles shows the widget all the same (where the engine has them).
import checkoutCss from '../src/components/checkout.css?inline';
import screensCss from '../src/components/screens.css?inline';
import widgetCss from './widget.css?inline';

const sheets: Record<string, CSSStyleSheet> = {};

// rem follows the merchant's root font size (62.5 % is common); inside the shadow root em, counted
// from the widget's own root at the payer's default size, keeps the checkout's proportions: the
// build writes checkout.css's rem as em here (scripts/vite/widget-css.ts, widgetStylesheet).
const CSS = widgetCss + checkoutCss + screensCss;

/**
 * Adopts the widget's stylesheet (or `css`, which the dialog's part adds: widget/modal.ts) in
 * `root`; the returned function takes it back. An engine without constructable stylesheets (iOS
 * before 16.4, Firefox before 101, Chrome before 73) gets a <style> element at the end of the root
 * instead (after the checkout's first render, which would take a node it finds there for its own):
 * that one a page's CSP without 'unsafe-inline' styles blocks.
 */
export function adoptStyles(root: ShadowRoot, css = CSS): () => void {
  if (!('adoptedStyleSheets' in root) || typeof CSSStyleSheet.prototype.replaceSync !== 'function') {
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
    return () => style.remove();
  }
  let own = sheets[css];
  if (!own) {
    own = new CSSStyleSheet();
    own.replaceSync(css);
    sheets[css] = own;
  }
  root.adoptedStyleSheets = [...(root.adoptedStyleSheets || []), own];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== own);
  };
}

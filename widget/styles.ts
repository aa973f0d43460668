// One constructable stylesheet, shared by every widget on the page: no <style> element, so a page
// whose CSP forbids inline styles shows the widget all the same.
import checkoutCss from '../src/components/checkout.css?inline';
import widgetCss from './widget.css?inline';

let sheet: CSSStyleSheet | undefined;

// rem follows the merchant's root font size (62.5 % is common); inside the shadow root em, counted
// from the widget's own root at the payer's default size, keeps the checkout's proportions.
const css = () => widgetCss + checkoutCss.replace(/(\d)rem\b/g, '$1em');

/** Adopts the widget's stylesheet in `root`; the returned function takes it back. */
export function adoptStyles(root: ShadowRoot): () => void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css());
  }
  const own = sheet;
  root.adoptedStyleSheets = [...(root.adoptedStyleSheets ?? []), own];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== own);
  };
}

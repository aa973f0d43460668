// The CSS every shipped file carries (the pages' <style>, the stylesheets the scripts hold as text:
// widget.js's shadow root, the hosted page's screens part), held to what the engine floor reads
// (docs/integration.md, "Browsers": Chrome 67, iOS 12, Firefox 78). An engine that does not know a
// selector drops the whole rule it is in, and one that does not know a property drops it; most
// such losses are harmless (a gap, a colour mix), but these are not, and are refused:
//   - a selector list in which one selector holds a pseudo-class or element the floor lacks
//     (:focus-visible, :is(), :where(), :has(), a :not() of a list or a complex selector,
//     ::backdrop, ::part()…) and another none: the floor drops the rule for the selectors it does
//     know too (the widget's fields once lost their focus ring so). Alone in its rule, or with
//     others of its kind, such a selector loses only what it was for;
//   - :has() anywhere (Chrome 105, iOS 15.4): what it would mark (the chosen wallet) is marked by
//     an attribute instead;
//   - the inset properties (Chrome 87, iOS 14.5): the box they place loses its place;
//   - @layer (Chrome 99), nested rules (Chrome 112) and media queries in range syntax
//     (`width >= …`, Chrome 104): the floor drops the whole block, or never applies it.
// Run by `npm run check:syntax` (scripts/check-syntax.ts) on the built files.

/** Pseudo-classes and elements (as they start) that the floor's engines do not know. */
const LATER_PSEUDOS = [
  ':focus-visible',
  ':is(',
  ':where(',
  ':has(',
  ':dir(',
  ':modal',
  ':user-invalid',
  ':user-valid',
  ':autofill',
  '::backdrop',
  '::part(',
  '::file-selector-button',
];

/** Splits `text` at `separator` where it is outside brackets and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/** The pseudo-classes and elements of `selector` the floor lacks. */
function laterPseudos(selector: string): string[] {
  const found = LATER_PSEUDOS.filter((pseudo) => selector.includes(pseudo));
  // :not() of one simple selector is CSS 3; of a list or a complex selector, Chrome 88.
  for (const [, argument] of selector.matchAll(/:not\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g))
    if (/[,\s>+~]/.test(argument!.trim())) found.push(`:not(${argument})`);
  return found;
}

interface Block {
  prelude: string;
  body: string | null;
}

/** The top-level statements of `css`: `prelude { body }` or `prelude;`. Throws on unbalanced text. */
function blocks(css: string): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < css.length) {
    let quote = '';
    let depth = 0;
    let j = i;
    for (; j < css.length; j++) {
      const c = css[j]!;
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (depth === 0 && (c === '{' || c === ';' || c === '}')) break;
    }
    const prelude = css.slice(i, j).trim();
    if (j >= css.length) {
      if (prelude) throw new Error(`CSS ends inside a rule: ${prelude.slice(0, 60)}`);
      break;
    }
    if (css[j] === '}') throw new Error(`CSS closes a block it never opened, after: ${prelude.slice(0, 60)}`);
    if (css[j] === ';') {
      if (prelude) out.push({ prelude, body: null });
      i = j + 1;
      continue;
    }
    // The block's end, strings and nested blocks skipped.
    let level = 1;
    let k = j + 1;
    quote = '';
    for (; k < css.length && level > 0; k++) {
      const c = css[k]!;
      if (quote) {
        if (c === '\\') k++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{') level++;
      else if (c === '}') level--;
    }
    if (level > 0) throw new Error(`CSS ends inside the block of ${prelude.slice(0, 60)}`);
    out.push({ prelude, body: css.slice(j + 1, k - 1) });
    i = k;
  }
  return out;
}

/** What in `css` the engine floor cannot read in a way that loses a rule or a layout; [] when nothing. */
export function cssFloorProblems(css: string): string[] {
  const problems: string[] = [];
  const walk = (text: string) => {
    for (const { prelude, body } of blocks(text)) {
      if (prelude.startsWith('@')) {
        const name = /^@([\w-]+)/.exec(prelude)?.[1] ?? '';
        if (name === 'layer') problems.push(`${prelude}: @layer, which the floor drops whole`);
        else if (name === 'media' && /\([^()]*[<>]=?[^()]*\)/.test(prelude))
          problems.push(`${prelude}: a media query in range syntax, which the floor never applies`);
        // A keyframe's selectors (from, to, 50%) and a font's descriptors are no rules of the page.
        if (body !== null && (name === 'media' || name === 'supports')) walk(body);
        continue;
      }
      if (body === null) continue;
      const selectors = splitTopLevel(prelude, ',');
      if (prelude.includes(':has('))
        problems.push(`${prelude}: :has(), which the floor lacks (mark it with an attribute)`);
      const later = selectors.flatMap(laterPseudos);
      // Lost for nothing only where another selector of the list is one the floor knows.
      if (later.length > 0 && selectors.some((selector) => laterPseudos(selector).length === 0))
        problems.push(
          `${prelude}: ${[...new Set(later)].join(', ')} in a selector list, which the floor drops whole (write a rule of its own)`,
        );
      if (body.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '').includes('{'))
        problems.push(`${prelude}: a nested rule, which the floor drops`);
      for (const declaration of splitTopLevel(body, ';')) {
        const property = /^([\w-]+)\s*:/.exec(declaration)?.[1]?.toLowerCase();
        if (property && /^inset(?:-(?:inline|block)(?:-(?:start|end))?)?$/.test(property))
          problems.push(`${prelude} { ${declaration} }: ${property}, which the floor ignores (write its edges)`);
      }
    }
  };
  walk(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  return problems;
}

/** Whether a script's string is a stylesheet: a rule (`selector { property: value }`) or an at-rule's block. */
export const looksLikeCss = (text: string): boolean =>
  /(?:^|[{}\s])(?:@(?:media|supports|keyframes|font-face)\b[^{};]*|[.#:*[a-zA-Z][^{};]*)\{[^{}]*[\w-]+\s*:[^{}]*\}/.test(
    text,
  );

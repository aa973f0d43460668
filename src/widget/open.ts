// MomoCheckout.open(): the dialog is a part of its own (./modal.ts, dist/steps/dialog.js), fetched
// from the checkout's origin the first time a merchant opens one — widget.js carries it for nobody
// who never does. The handle is the merchant's at once (./later.ts).
import { h } from 'preact';
import { translator } from '../i18n';
import { loadPart } from '../parts/load';
import { partsBaseOf } from './config';
import { attach } from './instance';
import { later } from './later';
import { adoptStyles } from './styles';
import type { MomoCheckoutHandle, MomoCheckoutOptions } from './types';

export function open(options: MomoCheckoutOptions): MomoCheckoutHandle {
  // Focus goes back, once the dialog closes, to what had it when the merchant asked.
  const opener = deepestFocus();
  const base = partsBaseOf(options.apiBase);
  return later(
    loadPart<typeof import('./modal').makeDialog>('dialog', base).then(
      (makeDialog) => () => makeDialog({ h, attach, translator, adoptStyles })(options, opener),
    ),
    `the dialog, from ${base},`,
  );
}

/** The element inside any open shadow roots that has the focus. */
function deepestFocus(): HTMLElement | null {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

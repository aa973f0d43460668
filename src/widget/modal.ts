// MomoCheckout.open(): the checkout in a modal <dialog> over the page. The page behind is inert
// and does not scroll, and Tab cycles inside the dialog; Escape, the close button and the cancel link cancel; focus
// goes back to whatever had it before. A part of its own (dist/steps/dialog.js, loaded by ./open.ts
// when a merchant opens one): it imports nothing at run time, the widget lends it what it needs.
import type { h as preactH } from 'preact';
import type { translator as translatorOf } from '../i18n';
import css from './dialog.css?inline';
import type { attach as attachTo, Frame } from './instance';
import type { adoptStyles as adoptStylesIn } from './styles';
import type { MomoCheckoutHandle, MomoCheckoutOptions } from './types';

/** What the widget lends its dialog. */
export interface DialogLib {
  h: typeof preactH;
  attach: typeof attachTo;
  translator: typeof translatorOf;
  adoptStyles: typeof adoptStylesIn;
}

const TABBABLE = 'button, [href], input, select, textarea, [tabindex]';

/** showModal() makes the page inert, but Tab past the last control still leaves for the browser's own UI. */
function keepFocusInside(event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget as HTMLDialogElement;
  const tabbable = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
  const [first, last] = [tabbable[0], tabbable[tabbable.length - 1]];
  const active = (dialog.getRootNode() as ShadowRoot).activeElement;
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault();
    // (`a && a.b()` rather than `a?.b()` in this file: cheaper once lowered to the engine floor.)
    const next = event.shiftKey ? last : first;
    if (next) next.focus();
  }
}

// The page behind stays put while a dialog is open: on a phone a swipe would otherwise scroll it
// under the checkout. Its own overflow style comes back when the last dialog closes.
let openDialogs = 0;
let pageOverflow = '';

function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (openDialogs++ === 0) {
    pageOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  return () => {
    if (--openDialogs === 0) root.style.overflow = pageOverflow;
  };
}

/** The dialog, made with what the widget lends it: `open(options)`, whose destroy() closes it without a cancel. */
export const makeDialog = ({ h, attach, translator, adoptStyles }: DialogLib) =>
  /** `opener`: what had the focus when the merchant asked; it gets it back. */
  function open(options: MomoCheckoutOptions, opener: HTMLElement | null): MomoCheckoutHandle {
    const host = document.createElement('momo-checkout-dialog');
    const root = host.attachShadow({ mode: 'open' });
    let succeeded = false;
    let closed = false;
    // Taken once the dialog is up (below): a failure on the way must not leave the page frozen.
    let unlockPageScroll = () => {};

    function close() {
      if (closed) return;
      closed = true;
      instance.destroy();
      host.remove();
      unlockPageScroll();
      if (opener && opener.isConnected) opener.focus();
    }

    // Leaving before the payment went through is a cancel; after it, only closing.
    function dismiss() {
      if (closed) return;
      if (succeeded) close();
      else instance.model.cancel();
    }

    // biome-ignore lint/correctness/noComponentHookFactories: made once per open() (it closes over this dialog's dismiss) and handed to attach() once, so it is never re-created under a mounted tree; it uses no hook
    const Dialog: Frame = ({ lang, children }) =>
      h<Record<string, unknown>>(
        'dialog',
        {
          class: 'momo-dialog',
          'aria-label': translator(lang)('page.title'),
          onClose: dismiss,
          onKeyDown: keepFocusInside,
        },
        h(
          'div',
          { class: 'momo-widget' },
          h(
            'div',
            { class: 'momo-bar' },
            h(
              'button',
              { type: 'button', class: 'momo-close', 'aria-label': translator(lang)('dialog.close'), onClick: dismiss },
              '×',
            ),
          ),
          children,
        ),
      );

    document.body.append(host);
    const instance = attach(
      root,
      {
        ...options,
        onSucceeded(detail) {
          succeeded = true;
          if (options.onSucceeded) options.onSucceeded(detail);
        },
        onCancel(detail) {
          close();
          if (options.onCancel) options.onCancel(detail);
        },
      },
      Dialog,
      close,
      // Up once it is rendered: at once, or once the payer's language has arrived; its own styles
      // after the widget's (./dialog.css: this part's, not widget.js's).
      () => {
        adoptStyles(root, css);
        const dialog = root.querySelector('dialog');
        if (dialog && typeof dialog.showModal === 'function') dialog.showModal();
        else if (dialog) {
          // An engine without <dialog> (Firefox before 98, iOS before 15.4): the same box, fixed over
          // the page (which stays reachable behind it: nothing makes it inert there).
          host.style.cssText =
            'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;overflow:auto;background:rgba(0,0,0,.55)';
          dialog.style.cssText = 'display:block;position:static;margin:8px auto';
          dialog.setAttribute('open', '');
        }
        unlockPageScroll = lockPageScroll();
      },
    );
    return { setLang: instance.setLang, destroy: close };
  };

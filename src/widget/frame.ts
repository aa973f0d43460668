// The isolated mode: the checkout in a frame served by the checkout's own origin (its page is
// src/hosted/embed.ts), so what the payer types and the amount they see are out of reach of the
// merchant page and of every script on it. The frame gets the intent by postMessage, to the
// checkout's origin only; its messages count only from that frame and that origin.
// A part of its own (dist/steps/frame.js, loaded by ./mount.ts): only a merchant who asks for the
// isolated mode downloads it. It imports nothing at run time: what it needs of the widget (the
// checkout's origin, the language and its messages) is handed to it.
import type { FrameMessage } from '../hosted/embed';
import type { Lang, Translate } from '../i18n';
import type { MomoCheckoutHandle, MomoCheckoutOptions } from './types';

export interface FrameContext {
  /** The checkout's origin, where the frame's page is. */
  origin: string;
  lang: Lang;
  /** The checkout's messages in `lang`: the frame's title, what a frame that cannot start says. */
  t: Translate;
  /** The language a later setLang asks for, as the widget reads it. */
  langOf(requested: string): Lang;
}

export function attachFrame(
  root: ShadowRoot,
  options: MomoCheckoutOptions,
  { origin, lang, t, langOf }: FrameContext,
): MomoCheckoutHandle {
  const frame = document.createElement('iframe');
  frame.src = `${origin}/embed?lang=${lang}`;
  frame.title = t('page.title');
  // What a frame whose page cannot start says in its place (its "stuck"), until it starts after all.
  const stuck = document.createElement('p');
  stuck.setAttribute('role', 'alert');
  stuck.textContent = t('error.network');
  // Sized by its content (the frame reports its height), through the CSSOM: a style attribute is
  // what a merchant's CSP without 'unsafe-inline' blocks.
  frame.style.cssText = 'display:block;width:100%;height:420px;border:0;color-scheme:normal';
  // (`a && a.b()`, `||` rather than `a?.b()`, `??` where the value is the same: cheaper once lowered
  // to the engine floor.)
  const send = (message: FrameMessage) => frame.contentWindow && frame.contentWindow.postMessage(message, origin);
  const callbacks = {
    succeeded: options.onSucceeded,
    failed: options.onFailed,
    attemptfailed: options.onAttemptFailed,
    canceled: options.onCancel,
  };
  const onMessage = ({ source, origin: from, data }: MessageEvent<FrameMessage | null>) => {
    if (source !== frame.contentWindow || from !== origin || !data) return;
    if (data.momo === 'stuck') {
      frame.style.display = 'none';
      root.append(stuck);
    } else if (data.momo === 'ready') {
      // Started after all (a slow network): the frame again, in its own place.
      frame.style.display = 'block';
      stuck.remove();
      send({
        momo: 'init',
        intentId: options.intentId || '',
        clientSecret: options.clientSecret || '',
        lang,
        cancel: Boolean(options.onCancel),
        customer: options.customer,
      });
    } else if (data.momo === 'height' && data.value > 0) frame.style.height = `${Math.min(data.value, 4000)}px`;
    else if (data.momo === 'event') {
      const { intentId, status, chargeId } = data.detail;
      // Only these three fields reach the merchant, as in the inline mode.
      // biome-ignore lint/style/noNonNullAssertion: checked just before; a local for it costs steps/frame.js a byte of brotli
      if (callbacks[data.type]) callbacks[data.type]!({ intentId, status, chargeId });
    }
  };
  addEventListener('message', onMessage);
  root.append(frame);
  return {
    setLang: (next) => send({ momo: 'lang', lang: langOf(next) }),
    destroy() {
      removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}

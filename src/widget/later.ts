// A handle the merchant has at once, for a checkout that comes once a part of its own has been
// fetched (the dialog, the isolated mode): what it is asked meanwhile is done once it has come, and
// a destroy() before then means it never starts.
import { report } from './config';
import type { MomoCheckoutHandle, MomoCheckoutLang } from './types';

export function later(coming: Promise<() => MomoCheckoutHandle>, what: string): MomoCheckoutHandle {
  let handle: MomoCheckoutHandle | undefined;
  let gone = false;
  let lang: MomoCheckoutLang | undefined;
  coming.then(
    (start) => {
      if (gone) return;
      handle = start();
      if (lang !== undefined) handle.setLang(lang);
    },
    (error: unknown) => report(`${what} could not be loaded (${String(error)}).`),
  );
  return {
    setLang(next) {
      if (handle) handle.setLang(next);
      else lang = next;
    },
    destroy() {
      gone = true;
      if (handle) handle.destroy();
    },
  };
}

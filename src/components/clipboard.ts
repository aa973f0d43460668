// Copying and sharing a text: the receipt's (./ReceiptShare.tsx), its lasting link's (./KeepLink.tsx)
// and the hand-off sheet's (src/hosted/handoff.ts). Nothing imported and no Preact, so each part that
// uses it takes these few lines with it — the screens' part its own, the sheet's part (handoff.js,
// which bundles what it imports) its own — and neither pulls the other's code in.

/** `text` to the clipboard; refused where there is none (outside a secure context) or the frame may not write. */
export function copyText(text: string): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  return clipboard ? clipboard.writeText(text) : Promise.reject();
}

/**
 * `text` through the phone's share sheet (where `navigator.share` is: the caller offers it only
 * there). A sheet the payer closes is their answer; one refused (a frame without the permission)
 * runs `instead`, a copy.
 */
export function shareOr(text: string, instead: () => void): Promise<void> {
  return navigator.share({ text }).catch((error: unknown) => {
    if (!error || (error as { name?: unknown }).name !== 'AbortError') instead();
  });
}

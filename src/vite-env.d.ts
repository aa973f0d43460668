/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The payment service the hosted page talks to; defaults to the page's own origin. */
  readonly VITE_MOMO_API_BASE?: string;
}

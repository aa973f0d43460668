// What `npm start` prints once it listens. No live client secret: a payable link is made on demand
// by the command it names (./pay-link.ts), so none sits in a terminal's scroll-back or a CI log.

export interface BannerOptions {
  dev: boolean;
  /** Where the server listens. */
  url: string;
  /** Where payers reach it (MOMO_PUBLIC_URL, or http://localhost:PORT). */
  base: string;
  /** The service the demo shop uses instead of the sandbox, if any. */
  apiBase?: string | undefined;
  dataDir: string | null;
}

/** The command that prints a payable hosted-page link of the sandbox at `base`. */
export const linkCommand = (base: string): string =>
  `npm run -s sandbox:link${base === 'http://localhost:3000' ? '' : ` -- --url ${base}`}`;

export function startBanner({ dev, url, base, apiBase, dataDir }: BannerOptions): string {
  return `momo-checkout ${dev ? 'dev server (Vite, hot reload)' : 'server'} listening on ${url}
  API (sandbox)   ${base}/v1
  Hosted page     ${base}/pay/<pi_… or cs_…>#<client secret>   (${linkCommand(base)} prints a payable one)
  Demo shop       ${base}/demo${apiBase ? `   (using ${apiBase})` : ''}
  Widget          ${base}/widget.js
  Sandbox state   ${dataDir ?? 'in memory only (--memory)'}${dataDir ? '   (npm run sandbox:wipe to forget it)' : ''}`;
}

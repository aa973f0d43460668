// The plain pages' cookies (./plain-typed.ts: the number typed; ./plain-relative.ts: a relative's
// pages): one payment's pages' alone (their path), out of reach of any script (HttpOnly), and
// `Secure` wherever the payer's page is https. Only a page served over plain http gets them without
// it: a browser drops a `Secure` cookie set over http away from localhost (a tester's phone on the
// LAN at http://192.168.1.10:3000, `npm start --host`), and the waiting page could then not show the
// number typed.

export interface PaymentCookie {
  name: string;
  /** Already safe in a cookie (percent-encoded where it must be). */
  value: string;
  /** The payment (`pi_…`, `cs_…`) whose pages alone get it back. */
  id: string;
  maxAgeS: number;
  sameSite: 'Strict' | 'Lax';
  /** Whether the payer's page is https (servedOverHttps). */
  secure: boolean;
}

/** The Set-Cookie header of a cookie for the pages of `/pay/<id>`. */
export const paymentCookie = ({ name, value, id, maxAgeS, sameSite, secure }: PaymentCookie): string =>
  `${name}=${value}; Path=/pay/${id}; Max-Age=${maxAgeS}; HttpOnly; ${secure ? 'Secure; ' : ''}SameSite=${sameSite}`;

/**
 * Whether the payer's page is https: this server's public address says so (`publicUrl`, the
 * production server's --public-url; behind a load balancer that ends TLS the request itself arrives
 * as http, so its scheme alone does not say), or the request came over https.
 */
export function servedOverHttps(req: Request, publicUrl: string | undefined): boolean {
  return new URL(req.url).protocol === 'https:' || (!!publicUrl && new URL(publicUrl).protocol === 'https:');
}

// What the hosted page learns from its own address: /pay/<pi_… or cs_…>?lang=fr#<client secret>.
// The secret lives in the fragment, which browsers never send to any server.

export interface PageAddress {
  intentId?: string;
  sessionId?: string;
  clientSecret: string;
  lang: string | null;
}

export function readAddress(location: Pick<Location, 'pathname' | 'search' | 'hash'>): PageAddress {
  const id = decodeSafely(location.pathname.split('/').filter(Boolean).pop() ?? '');
  const lang = new URLSearchParams(location.search).get('lang');
  const clientSecret = decodeSafely(location.hash.replace(/^#/, ''));
  if (id.startsWith('cs_')) return { sessionId: id, clientSecret, lang };
  return { intentId: id, clientSecret, lang };
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

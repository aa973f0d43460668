// @vitest-environment node
// A link's rules (src/sandbox/payment-links.ts) on a store, without HTTP: its status from its
// deactivation, expiry and succeeded payments; an opening within its bounds.
import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/sandbox/errors';
import { linkStatus, newLink, openLink, toLinkView } from '../../src/sandbox/payment-links';
import { Store } from '../../src/sandbox/store/store';
import { DEFAULT_STATE_LIMITS } from '../../src/sandbox/store/usage';

const NOW = Date.UTC(2026, 10, 29, 10);
const store = () => new Store({ limits: DEFAULT_STATE_LIMITS, retentionMs: 7 * 86_400_000 });

describe('newLink', () => {
  it('refuses an expiry under a minute or over 366 days away, naming it', () => {
    const body = { amount: 100, currency: 'xaf', description: 'x' };
    for (const at of [NOW + 30_000, NOW + 367 * 86_400_000]) {
      expect(() => newLink({ ...body, expiresAt: new Date(at).toISOString() }, 'a', NOW)).toThrow(
        expect.objectContaining({ field: 'expiresAt' }),
      );
    }
    expect(newLink({ ...body, expiresAt: new Date(NOW + 60_000).toISOString() }, 'a', NOW).expiresAt).toBe(
      NOW + 60_000,
    );
  });
});

describe('a link’s status and openings', () => {
  it('is active, then expired at its expiry; an inactive one opens nothing', () => {
    const s = store();
    const link = newLink(
      { amount: 100, currency: 'xaf', description: 'x', expiresAt: new Date(NOW + 60_000).toISOString() },
      'a',
      NOW,
    );
    s.write([{ kind: 'link', record: link }], 'a', 'token');
    expect(linkStatus(s, link, NOW)).toBe('active');
    expect(linkStatus(s, link, NOW + 60_000)).toBe('expired');
    expect(linkStatus(s, { ...link, deactivatedAt: NOW }, NOW)).toBe('inactive');
    expect(() => openLink(s, link, undefined, NOW + 60_000)).toThrow(SandboxError);
  });

  it('opens an intent per call, for the fixed amount, that points back at the link', () => {
    const s = store();
    const link = newLink({ amount: 750, currency: 'xof', description: 'Attiéké' }, 'a', NOW);
    s.write([{ kind: 'link', record: link }], 'a', 'token');
    const one = openLink(s, link, undefined, NOW);
    const two = openLink(s, link, 750, NOW);
    expect(one.intentId).not.toBe(two.intentId);
    expect(one).toMatchObject({ amount: 750, currency: 'xof', linkId: link.id, metadata: { paymentLink: link.id } });
    expect(() => openLink(s, link, 800, NOW)).toThrow(expect.objectContaining({ field: 'amount' }));
    expect(toLinkView(s, link, NOW, 'https://pay.example', null)).toMatchObject({ paymentsCount: 0, status: 'active' });
  });
});

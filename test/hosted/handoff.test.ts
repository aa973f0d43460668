// @vitest-environment node
// The hand-off sheet's pieces (src/hosted/handoff.ts): the message sent with the link, WhatsApp's
// address for it, every message in every language.
import { describe, expect, it } from 'vitest';
import { HANDOFF_MESSAGES, shareText, whatsappUrl } from '../../src/hosted/handoff';
import { LANGS } from '../../src/i18n';
import { fillText } from '../../src/i18n/fill';

const props = {
  lang: 'fr' as const,
  url: 'https://pay.example/pay/pi_1?relative#pi_1_secret_abc',
  amount: '5 000 F CFA',
  merchant: 'Boutique Awa',
  status: 'waiting' as const,
  base: '',
  payMyself() {},
};

describe('hand-off sheet', () => {
  it('asks with the shop and the amount, the link on a line of its own', () => {
    const text = shareText(fillText, 'fr', props);
    expect(text.startsWith('Boutique Awa — Peux-tu payer ')).toBe(true);
    expect(text).toContain('5 000 F CFA');
    expect(text.split('\n').at(-1)).toBe(props.url);
    expect(shareText(fillText, 'en', { ...props, merchant: null }).startsWith('Could you pay')).toBe(true);
  });

  it('sends the whole text to WhatsApp’s app, the fragment (the secret) included — never through its web servers', () => {
    const text = shareText(fillText, 'en', props);
    const url = new URL(whatsappUrl(text));
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('whatsapp://send');
    expect(url.searchParams.get('text')).toBe(text);
  });

  it('has every message in every language', () => {
    for (const lang of LANGS)
      expect(Object.keys(HANDOFF_MESSAGES[lang]).sort()).toEqual(Object.keys(HANDOFF_MESSAGES.en).sort());
  });
});

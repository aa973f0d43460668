// Mobile money on the screens after the form: the number the payer typed is shown in full while
// it can still be put right (waiting, a new request), and masked on the receipt, which stays on
// the screen — as a read of the service masks it.
import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n';
import { maskTyped, momoScreenViews } from '../../../src/methods/momo/screen-views';

const NBSP = '\u00a0';

describe('momo › the number on the receipt', () => {
  it.each([
    ['06 123 45 67', '•• ••• 45 67'],
    ['+242 06 123 45 67', '+242 •• ••• 45 67'],
    ['07 07 12 34 00', '•• •• •• 34 00'],
  ])('masks %j, typed here, as %j: the last four digits only, its groups as typed', (typed, masked) => {
    expect(maskTyped(typed)).toBe(masked);
  });

  it('leaves a number the service masked as it is', () => {
    const read = `+242${NBSP}••${NBSP}•••${NBSP}45${NBSP}67`;
    expect(maskTyped(read)).toBe(read);
  });

  it('the receipt masks the number; a new request names it in full', () => {
    const t = translator('en');
    const view = { type: 'momo' as const, country: 'cg', operator: 'mtn', phone: '06 123 45 67' };
    expect(momoScreenViews.receipt(view, t)).toEqual([
      ['Paid with', 'MTN MoMo'],
      ['Number', '•• ••• 45 67'],
    ]);
    // On one line in its button: no-break spaces.
    expect(momoScreenViews.resend(view, t)).toContain('06\u00a0123\u00a045\u00a067');
  });
});

// The rescue's data (issue 31 item 4): when it is offered, which code it dials and how that code is
// written as a tap-to-dial address, for wallets that approve a push only.
import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_WINDOW_MS } from '../../../src/checkout/constants';
import { approvalOf } from '../../../src/methods/momo/approval';
import { dialHref, RESCUE_AFTER_MS, rescueOf } from '../../../src/methods/momo/rescue';
import { COUNTRIES } from '../../../src/phone';

describe('the rescue when the push never comes', () => {
  it('waits well past the seconds a push takes, and leaves most of the shortest window to dial the menu', () => {
    expect(RESCUE_AFTER_MS).toBeGreaterThanOrEqual(30_000);
    expect(RESCUE_AFTER_MS).toBeLessThanOrEqual(45_000);
    expect(DEFAULT_APPROVAL_WINDOW_MS - RESCUE_AFTER_MS).toBeGreaterThanOrEqual(4 * 60_000);
  });

  it('dials the sourced menu codes: MTN MoMo Cameroon *126#, Orange Money Côte d’Ivoire has its code step, Flooz Togo *155#', () => {
    expect(rescueOf('cm', 'mtn', null)).toEqual({ dial: '*126#' });
    expect(rescueOf('tg', 'moov', null)).toEqual({ dial: '*155#' });
    // Orange Money in Côte d'Ivoire approves with a code (its own step dials #144#): no rescue of a push.
    expect(rescueOf('ci', 'orange', null)).toBeNull();
  });

  it('says "the wallet’s menu" without a code where no source names one, and the service’s code wins', () => {
    expect(rescueOf('cg', 'airtel', null)).toEqual({ dial: null });
    expect(rescueOf('cg', 'mtn', '*105#')).toEqual({ dial: '*105#' });
  });

  it('is offered for every push wallet and none that approves otherwise', () => {
    for (const country of COUNTRIES)
      for (const wallet of country.wallets)
        expect(rescueOf(country.code, wallet.name, null) === null).toBe(
          approvalOf(country.code, wallet.name).kind !== 'push',
        );
  });

  it('writes # as %23 in the tel: address (a bare # would end the number as a fragment)', () => {
    expect(dialHref('*126#')).toBe('tel:*126%23');
    expect(dialHref('#144#391#')).toBe('tel:%23144%23391%23');
  });
});

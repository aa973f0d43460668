// @vitest-environment node
// A wallet set slow or down for a test: checked as a request body is, in a test (faults.setWallet)
// and over HTTP alike; cleared with the fault rules.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_DELAY_S, parseWalletFault } from '../../../src/sandbox/faults/wallets';
import { expectError, setup, setupFaults } from '../helpers';

const WALLETS = '/v1/_sandbox/faults/wallets';

describe('parseWalletFault', () => {
  it('gives a slow wallet five minutes unless told, and a down one no delay', () => {
    expect(parseWalletFault({ country: 'ci', operator_name: 'orange', status: 'slow' }).delay_seconds).toBe(
      DEFAULT_SLOW_DELAY_S,
    );
    expect(parseWalletFault({ country: 'cg', operator_name: 'mtn', status: 'down' }).delay_seconds).toBeNull();
  });

  it.each([
    [{ country: 'cg', operator_name: 'wave', status: 'down' }, 'operator_name'],
    [{ country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: 60 }, 'delay_seconds'],
    [{ country: 'cg', operator_name: 'mtn', status: 'broken' }, 'status'],
    [{ country: 'cg', operator_name: 'mtn', status: 'slow', delay_seconds: 7200 }, 'delay_seconds'],
  ])('refuses %j, naming %s', (fault, field) => {
    expect(() => parseWalletFault(fault)).toThrow(expect.objectContaining({ field }));
  });
});

describe('the wallet faults', () => {
  it('a test sets them on the sandbox object; a bad one is a RangeError; up forgets one', () => {
    const { faults } = setupFaults();
    faults.setWallet({ country: 'cg', operator_name: 'mtn', status: 'down' });
    expect(faults.wallets.of('cg', 'mtn')?.status).toBe('down');
    expect(() => faults.setWallet({ country: 'cg', operator_name: 'wave', status: 'down' })).toThrow(RangeError);
    faults.setWallet({ country: 'cg', operator_name: 'mtn', status: 'up' });
    expect(faults.wallets.list()).toEqual([]);
  });

  it('over HTTP: listed, cleared with the rules, refused with a bad field, absent when faults are off', async () => {
    const { call, faults } = setupFaults();
    await call('POST', WALLETS, { token: null, body: { country: 'cg', operator_name: 'airtel', status: 'slow' } });
    expect(await (await call('GET', WALLETS, { token: null })).json()).toEqual({
      wallets: [{ country: 'cg', operator_name: 'airtel', status: 'slow', delay_seconds: DEFAULT_SLOW_DELAY_S }],
    });
    await call('DELETE', '/v1/_sandbox/faults', { token: null });
    expect(faults.wallets.list()).toEqual([]);
    await expectError(
      await call('POST', WALLETS, { token: null, body: { country: 'cg', operator_name: 'orange', status: 'down' } }),
      400,
      'invalid_request',
      'operator_name',
    );
    await expectError(await setup().call('POST', WALLETS, { token: null, body: {} }), 404, 'not_found');
  });
});

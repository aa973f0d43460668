// @vitest-environment node
// The merchants' profiles in the store: a logo stays while one profile shows it, and goes with the last.
import { describe, expect, it } from 'vitest';
import type { MerchantRecord } from '../../../src/sandbox/store/records';
import { Profiles } from '../../../src/sandbox/store/profiles';

const logo = { key: 'l1', type: 'png' as const, data: 'AQID' };
const profile = (owner: string, withLogo = true): MerchantRecord => ({
  owner,
  name: owner,
  logo: withLogo ? logo : null,
  supportEmail: null,
  supportPhone: null,
  setAt: 0,
});

describe('the store’s merchant profiles', () => {
  it('keeps a shared logo until the last profile showing it is forgotten', () => {
    const profiles = new Profiles();
    profiles.add(profile('sk_test_a'), 10);
    profiles.add(profile('sk_test_b'), 10);
    expect(profiles.delete('sk_test_a')?.bytes).toBe(10);
    expect(profiles.logo('l1')).toBe(logo);
    profiles.delete('sk_test_b');
    expect(profiles.logo('l1')).toBeUndefined();
    expect(profiles.delete('sk_test_b')).toBeUndefined();
  });

  it('keeps profiles in the order they were set: a profile set again moves to the back', () => {
    const profiles = new Profiles();
    profiles.add(profile('sk_test_a', false), 1);
    profiles.add(profile('sk_test_b', false), 1);
    profiles.delete('sk_test_a');
    profiles.add(profile('sk_test_a', false), 2);
    expect([...profiles.kept.keys()]).toEqual(['sk_test_b', 'sk_test_a']);
    expect(profiles.get('sk_test_a')?.owner).toBe('sk_test_a');
  });
});

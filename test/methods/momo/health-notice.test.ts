// What is said of a wallet's health, shared by the form's notices and the form without JavaScript
// (src/methods/momo/health-notice.ts): a slow wallet's wait in whole minutes, two at least; down;
// and nothing for a status no one knows.
import { describe, expect, it } from 'vitest';
import { healthNotice, healthOf } from '../../../src/methods/momo/health-notice';

describe('healthNotice', () => {
  it.each([
    [30, 2],
    [120, 2],
    [121, 3],
    [600, 10],
  ])('a slow wallet whose approvals take %i s: %i minutes', (delay, minutes) => {
    expect(healthNotice({ status: 'slow', delay_seconds: delay })).toEqual({ status: 'slow', minutes });
  });

  it('a slow wallet without its delay: two minutes; a down one: down; up, unknown or unsaid: nothing', () => {
    expect(healthNotice({ status: 'slow', delay_seconds: null })).toEqual({ status: 'slow', minutes: 2 });
    expect(healthNotice({ status: 'down', delay_seconds: null })).toEqual({ status: 'down' });
    expect(healthNotice({ status: 'degraded', delay_seconds: 60 })).toBeNull();
    expect(healthNotice({ status: 'up', delay_seconds: null })).toBeNull();
    expect(healthNotice(undefined)).toBeNull();
  });

  it('healthOf finds a wallet of its country only', () => {
    const said = [{ country: 'cm', operator_name: 'mtn', status: 'down', delay_seconds: null }];
    expect(healthOf(said, 'cm', 'mtn')).toBe(said[0]);
    expect(healthOf(said, 'cg', 'mtn')).toBeUndefined();
  });
});

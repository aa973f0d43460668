// What the tests of the events' modules share: a store, a config and a clock of their own (no
// HTTP), a merchant's endpoint, intents paid with the sandbox's test numbers, a transfer.
import { resolveConfig, type SandboxOptions } from '../../../src/sandbox/config';
import { newIntent, startAttempt } from '../../../src/sandbox/intent-lifecycle';
import { MerchantProfiles } from '../../../src/sandbox/merchants';
import { checkMomo } from '../../../src/sandbox/momo';
import { newWebhookSecret } from '../../../src/sandbox/events/signature';
import type { EndpointRecord, IntentRecord, Owner } from '../../../src/sandbox/store/records';
import { Store } from '../../../src/sandbox/store/store';
import { createTransfer } from '../../../src/sandbox/transfers';
import type { TestOutcome } from '../../../src/phone';
import { START, testNumber } from '../helpers';

export const OWNER: Owner = 'owner-a';

export function eventsWorld(options: SandboxOptions = {}) {
  let time = START;
  const clock = {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
  const config = resolveConfig({ env: {}, now: clock.now, webhookRetry: 'fast', ...options });
  const store = new Store({ limits: config.limits, retentionMs: config.retentionMs });
  const merchants = new MerchantProfiles(store, config.merchants, config.checkoutBaseUrl);

  const endpoint = (url: string, extra: Partial<EndpointRecord> = {}, owner = OWNER): EndpointRecord => {
    const record: EndpointRecord = {
      id: `we_${Math.random().toString(36).slice(2)}`,
      owner,
      url,
      enabledEvents: ['*'],
      description: null,
      faults: [],
      lateMs: null,
      secret: newWebhookSecret(),
      createdAt: time,
      ...extra,
    };
    store.write([{ kind: 'endpoint', record }], owner, 'token');
    return record;
  };

  const intent = (owner = OWNER, session?: { id: string; expiresAt: number }): IntentRecord => {
    const record = newIntent(store, { owner, amount: 5000, currency: 'xaf', session }, time);
    store.write([{ kind: 'intent', record }], owner, 'token');
    return record;
  };

  const pay = (record: IntentRecord, outcome: TestOutcome) => {
    const number = testNumber(outcome);
    const account = checkMomo({
      type: 'momo',
      momo: { country: number.country, msisdn: number.msisdn, operator_name: number.operator },
    });
    return startAttempt(store, config, record, account, time);
  };

  const transfer = (owner = OWNER) => {
    const number = testNumber('approved_after_delay');
    const account = checkMomo({
      type: 'momo',
      momo: { country: number.country, msisdn: number.msisdn, operator_name: number.operator },
    });
    const record = createTransfer(
      { kind: 'remittance', owner, amount: 100, currency: 'xaf', firstName: 'A', lastName: 'B', account },
      time,
      config.executionMs,
    );
    store.write([{ kind: 'transfer', record }], owner, 'token');
    return record;
  };

  return { config, store, merchants, clock, endpoint, intent, pay, transfer };
}

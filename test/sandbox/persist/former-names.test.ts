// @vitest-environment node
// A state directory written before the steps had one name each (src/sandbox/persist/former-names.ts):
// its attempts said 'otp'/'app', its payer's steps 'code'/'wallet', the wallet page's secret
// `walletToken`. Read back, each is the step's name: a code typed before the upgrade still counts
// against the tries, the wallet page still opens at the address the payer was given, and what is
// written afterwards uses the new names only.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confirmResultSchema, paymentIntentSchema } from '../../../src/api/schemas';
import { recordLine, verifiedJson } from '../../../src/sandbox/persist/files';
import { withCurrentNames } from '../../../src/sandbox/persist/former-names';
import type { Entry } from '../../../src/sandbox/store/records';
import { BASE, confirmBody, expectJson, testNumber } from '../helpers';
import { open, stateDirs } from '../support/state';

const newDir = stateDirs();

/** Rewrites every record line of the directory's journals as the earlier version wrote them. */
function asEarlierVersion(dir: string): void {
  for (const name of readdirSync(dir).filter((file) => file.startsWith('journal-'))) {
    const path = join(dir, name);
    const lines = readFileSync(path, 'utf8').split('\n');
    const older = lines.map((line) => {
      const json = line ? verifiedJson(line) : null;
      if (json === null || json.includes('"seal"')) return line;
      return recordLine(
        json
          .replaceAll('"approval":"enter_otp"', '"approval":"otp"')
          .replaceAll('"approval":"open_wallet"', '"approval":"app"')
          .replaceAll('"kind":"enter_otp"', '"kind":"code"')
          .replaceAll('"kind":"open_wallet"', '"kind":"wallet"')
          .replaceAll('"openWalletToken"', '"walletToken"'),
      );
    });
    writeFileSync(path, older.join('\n'));
  }
}

describe('journals of earlier versions', () => {
  it('renames an old line’s approval, steps and wallet secret to the step’s name', () => {
    const attempt = { approval: 'app', walletToken: 'abc', steps: [{ at: 1, kind: 'wallet', approved: true }] };
    const read = withCurrentNames(JSON.parse(JSON.stringify({ kind: 'attempt', intentId: 'pi_1', record: attempt })));
    expect(read).toEqual({
      kind: 'attempt',
      intentId: 'pi_1',
      record: {
        approval: 'open_wallet',
        openWalletToken: 'abc',
        steps: [{ at: 1, kind: 'open_wallet', approved: true }],
      },
    });
    const step = { kind: 'step', intentId: 'pi_1', chargeId: 'ch_1', record: { at: 2, kind: 'code', right: false } };
    expect(withCurrentNames(step as unknown as Entry)).toMatchObject({ record: { kind: 'enter_otp' } });
    const intent = { kind: 'intent', record: { attempts: [{ approval: 'otp', steps: [{ at: 3, kind: 'menu' }] }] } };
    expect(withCurrentNames(intent as unknown as Entry)).toMatchObject({
      record: { attempts: [{ approval: 'enter_otp', steps: [{ at: 3, kind: 'menu' }] }] },
    });
  });

  it('starts from a journal in the former names: a code typed still counts, the wallet page still opens, new lines use the new names', async () => {
    const dir = newDir();
    const first = open(dir);
    const pay = async (number: ReturnType<typeof testNumber>) => {
      const intent = await expectJson(
        await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xof' }),
        201,
        paymentIntentSchema,
      );
      const path = `/v1/payment-intents/${intent.intent_id}/confirm`;
      const answer = await expectJson(
        await first.call('POST', path, confirmBody(intent.client_secret, number), null),
        200,
        confirmResultSchema,
      );
      return { intent, answer };
    };
    const otp = await pay(testNumber('approved_after_delay', 'sn', 'orange'));
    const wave = await pay(testNumber('approved_after_delay', 'sn', 'wave'));
    const codePath = `/v1/payment-intents/${otp.intent.intent_id}/otp`;
    const wrong = { client_secret: otp.intent.client_secret, code: '000000' };
    expect((await first.call('POST', codePath, wrong, null)).status).toBe(400);
    await first.sandbox.close();
    asEarlierVersion(dir);
    expect(readFileSync(join(dir, 'journal-000001.jsonl'), 'utf8')).toContain('"walletToken"');

    const second = open(dir, first.clock);
    const again = await second.call('POST', codePath, wrong, null, { 'Idempotency-Key': 'second-try' });
    expect(await again.json()).toMatchObject({ error: { message: expect.stringContaining('1 more may be tried') } });
    const walletPath = (wave.answer.next_action?.open_wallet?.url ?? '').slice(BASE.length);
    expect((await second.call('GET', walletPath, undefined, null)).status).toBe(200);
    const approve = new URLSearchParams({ answer: 'approve' });
    await second.sandbox.fetch(new Request(`${BASE}${walletPath}`, { method: 'POST', body: approve }));
    const paid = await second.call('GET', `/v1/payment-intents/${wave.intent.intent_id}`);
    expect(await expectJson(paid, 200, paymentIntentSchema)).toMatchObject({ status: 'succeeded' });
    await second.sandbox.close();
    const written = readdirSync(dir)
      .filter((file) => file.startsWith('journal-') && file !== 'journal-000001.jsonl')
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('');
    expect(written).toContain('"kind":"enter_otp"');
    expect(written).not.toMatch(/"kind":"(code|wallet)"|"walletToken"|"approval":"(otp|app)"/);
  });
});

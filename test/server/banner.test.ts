// @vitest-environment node
// npm start's banner prints no live client secret (issue 22): it names the command that makes a
// payable link, and that command does make one on a running sandbox.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_PATTERN } from '../../src/api/schemas/client-secret';
import { createSandbox } from '../../src/sandbox';
import { linkCommand, startBanner } from '../../src/server/banner';
import { REPO_ROOT } from '../../src/server/paths';

const run = promisify(execFile);
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('the start-up banner', () => {
  it('holds no client secret, and names the command that prints a payable link', () => {
    for (const base of ['http://localhost:3000', 'http://192.168.1.20:3000']) {
      const text = startBanner({ dev: false, url: 'http://127.0.0.1:3000', base, dataDir: '/srv/.momo-sandbox' });
      expect(text).not.toMatch(new RegExp(CLIENT_SECRET_PATTERN));
      expect(text).not.toMatch(/_secret_/);
      expect(text).toContain(`(${linkCommand(base)} prints a payable one)`);
    }
    expect(linkCommand('http://localhost:3000')).toBe('npm run -s sandbox:link');
    expect(linkCommand('http://192.168.1.20:3000')).toBe('npm run -s sandbox:link -- --url http://192.168.1.20:3000');
  });

  it('names a command that prints a payable link of the sandbox it is given', async () => {
    const sandbox = createSandbox({ env: {} });
    const url = await new Promise<string>((resolve) => {
      const server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
      closers.push(() => server.close());
    });
    const { stdout } = await run('npm', ['run', '-s', 'sandbox:link', '--', '--url', url, '--amount', '2500'], {
      cwd: REPO_ROOT,
    });
    const link = stdout.trim();
    const found = new RegExp(`^${url}/pay/(pi_[0-9A-Za-z]+)#(pi_[0-9A-Za-z]+_secret_[0-9A-Za-z]+)$`).exec(link);
    expect(found, link).not.toBeNull();
    const read = (await (await fetch(`${url}/v1/payment-intents/${found?.[1]}`)).json()) as {
      amount: number;
      status: string;
    };
    expect(read).toMatchObject({ amount: 2500, status: 'requires_payment_method' });
  }, 60_000);
});

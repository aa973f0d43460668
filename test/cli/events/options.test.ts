// @vitest-environment node
// What the event commands share: the service and key from the flags, else the environment, else
// the sandbox's defaults; a live key refused (they make payments); a pauseUntilStopped that a stop cuts short.
import { describe, expect, it } from 'vitest';
import { clientOf, DEFAULT_API, pauseUntilStopped, readArgs, UsageError } from '../../../src/cli/events/options';

const io = (env: Record<string, string>) => ({ out() {}, err() {}, env, stop: new AbortController().signal });

describe('event commands’ options', () => {
  it('takes --api and --key, else MOMO_API_BASE and MOMO_SECRET_KEY, else the sandbox’s address', () => {
    expect(clientOf({}, io({})).baseUrl).toBe(DEFAULT_API);
    expect(clientOf({}, io({ MOMO_API_BASE: 'http://127.0.0.1:4242' })).baseUrl).toBe('http://127.0.0.1:4242');
    expect(clientOf({ api: 'http://127.0.0.1:1' }, io({ MOMO_API_BASE: 'http://127.0.0.1:4242' })).baseUrl).toBe(
      'http://127.0.0.1:1',
    );
    expect(() => clientOf({ key: 'sk_live_abc' }, io({}))).toThrow(UsageError);
    expect(() => clientOf({}, io({ MOMO_SECRET_KEY: 'sk_live_abc' }))).toThrow(/test key/);
    expect(() => clientOf({ api: 'not a url' }, io({}))).toThrow(UsageError);
  });

  it('turns a bad flag into a UsageError', () => {
    expect(() => readArgs(['--nope'], {})).toThrow(UsageError);
    expect(readArgs(['x', '--api', 'http://a'], {}).values.api).toBe('http://a');
  });

  it('pauses until stopped', async () => {
    const stop = new AbortController();
    const waiting = pauseUntilStopped(3_600_000, stop.signal);
    stop.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});

// @vitest-environment node
// The one argument style of `npm start` and `momo-checkout-sandbox` (src/server/command-line.ts).
import { describe, expect, it } from 'vitest';
import { readServerArgs } from '../../src/server/command-line';

const read = (args: string[], env: Record<string, string> = {}) =>
  readServerArgs(args, env, { defaultPort: 3000, switches: ['dev'] });

describe('readServerArgs', () => {
  it('takes --port and --host, else PORT and HOST, else the command’s defaults', () => {
    expect(read([])).toMatchObject({ port: 3000, host: '127.0.0.1' });
    expect(read([], { PORT: '4000', HOST: '0.0.0.0' })).toMatchObject({ port: 4000, host: '0.0.0.0' });
    expect(read(['--port', '5000', '--host=::1'], { PORT: '4000', HOST: '0.0.0.0' })).toMatchObject({
      port: 5000,
      host: '::1',
    });
    expect(read(['--port=0'])).toMatchObject({ port: 0 });
  });

  it('listens everywhere on --host alone', () => {
    expect(read(['--host']).host).toBe('0.0.0.0');
    expect(read(['--host', '--dev']).host).toBe('0.0.0.0');
  });

  it('reads the sandbox’s state directory and the command’s switches', () => {
    expect(read(['--memory', '--dev'])).toMatchObject({ dataDir: null, switches: new Set(['dev']) });
    expect(read(['--data', '/tmp/state']).dataDir).toBe('/tmp/state');
    expect(read([], { SANDBOX_DATA_DIR: '/tmp/env-state' }).dataDir).toBe('/tmp/env-state');
  });

  it('says what is wrong: a port that is not one, where it came from; a flag it does not know', () => {
    expect(() => read(['--port', 'eighty'])).toThrow('--port must be a port number, not "eighty".');
    expect(() => read([], { PORT: '70000' })).toThrow('PORT must be a port number, not "70000".');
    expect(() => read(['--wipe'])).toThrow(/--wipe/);
    expect(() => read(['--data'])).toThrow(/--data/);
  });
});

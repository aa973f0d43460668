// @vitest-environment node
// The subcommands' switch: which words are commands, --help of each on stdout (exit 0), and a
// command line none can run said with its usage (exit 2).
import { describe, expect, it } from 'vitest';
import { isEventCommand, runEventCommand } from '../../../src/cli/events/command';
import { commandBed } from './bed';

describe('momo-checkout-sandbox’s event commands', () => {
  it('knows listen, trigger and replay, and nothing else (the server’s flags stay the server’s)', () => {
    expect(['listen', 'trigger', 'replay'].every(isEventCommand)).toBe(true);
    expect(['--port', 'serve', undefined, 'toString'].some(isEventCommand)).toBe(false);
  });

  it('prints each command’s usage with --help, and its usage with the reason for a wrong line', async () => {
    for (const name of ['listen', 'trigger', 'replay'] as const) {
      const t = commandBed();
      expect(await runEventCommand(name, ['--help'], t.io)).toBe(0);
      expect(t.out.join('\n')).toMatch(new RegExp(`^Usage: momo-checkout-sandbox ${name} `));
      expect(await runEventCommand(name, ['--bogus'], t.io)).toBe(2);
      expect(t.err.at(-1)).toMatch(
        new RegExp(`^momo-checkout-sandbox ${name}: .*\\nUsage: momo-checkout-sandbox ${name} `, 's'),
      );
    }
  });
});

// The event subcommands of `momo-checkout-sandbox` (issue 32), each in a module of its own; the
// command without one still starts the sandbox (src/bin/sandbox.ts).
import { LISTEN_USAGE, listenCommand } from './listen';
import type { CommandIo } from './options';
import { UsageError } from './options';
import { REPLAY_USAGE, replayCommand } from './replay';
import { TRIGGER_USAGE, triggerCommand } from './trigger';

const COMMANDS = {
  listen: { run: listenCommand, usage: LISTEN_USAGE },
  trigger: { run: triggerCommand, usage: TRIGGER_USAGE },
  replay: { run: replayCommand, usage: REPLAY_USAGE },
} as const;

export type EventCommand = keyof typeof COMMANDS;

export const isEventCommand = (word: string | undefined): word is EventCommand =>
  word !== undefined && Object.hasOwn(COMMANDS, word);

/** Runs one subcommand; resolves with its exit code (2: a command line it cannot run, said with its usage). */
export async function runEventCommand(name: EventCommand, args: readonly string[], io: CommandIo): Promise<number> {
  const { run, usage } = COMMANDS[name];
  try {
    return await run(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`momo-checkout-sandbox ${name}: ${error.message}\n${usage}`);
    return 2;
  }
}

// The one argument style of both commands (`npm start` / `npm run dev` and `momo-checkout-sandbox`):
//   --port N     (else PORT) port to listen on; 0: any free port
//   --host ADDR  (else HOST) interface to listen on, default 127.0.0.1; `--host` alone: 0.0.0.0
//   --data DIR   (else SANDBOX_DATA_DIR) where the sandbox keeps its state, default .momo-sandbox/
//   --memory     keep nothing: the state goes with the process (tests, CI)
// and the command's own switches (--dev, --wipe, --help).
import { parseArgs } from 'node:util';
import { dataDirOf } from '../sandbox/persist/location';

export interface ServerArgs<Switch extends string> {
  port: number;
  host: string;
  /** null: --memory. */
  dataDir: string | null;
  /** The command's switches that were given. */
  switches: ReadonlySet<Switch>;
}

export interface ServerArgsSpec<Switch extends string> {
  defaultPort: number;
  switches: readonly Switch[];
}

/** Reads a command line; throws a RangeError or TypeError that says what is wrong with it. */
export function readServerArgs<Switch extends string>(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  { defaultPort, switches }: ServerArgsSpec<Switch>,
): ServerArgs<Switch> {
  const { values } = parseArgs({
    args: hostAloneMeansEverywhere(args),
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      memory: { type: 'boolean' },
      ...Object.fromEntries(
        switches.map((name) => [name, { type: 'boolean' as const, ...(name === 'help' ? { short: 'h' } : {}) }]),
      ),
    },
  });
  const portText = typeof values.port === 'string' ? values.port : env.PORT || undefined;
  const port = portText === undefined ? defaultPort : Number(portText);
  if (portText !== undefined && (!/^\d+$/.test(portText) || port > 65535)) {
    throw new RangeError(`${values.port === undefined ? 'PORT' : '--port'} must be a port number, not "${portText}".`);
  }
  const host = (typeof values.host === 'string' ? values.host : env.HOST) || '127.0.0.1';
  return {
    port,
    host,
    dataDir: dataDirOf(args, env),
    switches: new Set(switches.filter((name) => (values as Record<string, unknown>)[name] === true)),
  };
}

/** `--host` with no address after it listens on every interface, as it always has for `npm start`. */
function hostAloneMeansEverywhere(args: readonly string[]): string[] {
  return args.flatMap((arg, index) => {
    const next = args[index + 1];
    return arg === '--host' && (next === undefined || next.startsWith('--')) ? ['--host', '0.0.0.0'] : [arg];
  });
}

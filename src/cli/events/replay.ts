// `momo-checkout-sandbox replay <evt_id> [--endpoint we_…]`: delivers an event again (to one endpoint,
// or to each that takes its type) — the same id, so a merchant's handler proves it does the work once.
import { deliveryLine } from './listen';
import { clientOf, type CommandIo, isAbsent, readArgs, serviceFailure, UsageError } from './options';

export const REPLAY_USAGE = `Usage: momo-checkout-sandbox replay <evt_id> [--endpoint we_…] [--api <base>] [--key sk_test_…]
  --endpoint ID  the one endpoint to deliver it to (default: each endpoint that takes its type)
Prints one line per delivery attempt made.`;

export async function replayCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = readArgs(args, { endpoint: { type: 'string' } });
  if (values.help) {
    io.out(REPLAY_USAGE);
    return 0;
  }
  const eventId = positionals[0];
  if (positionals.length !== 1 || eventId === undefined || !/^evt_\S+$/.test(eventId))
    throw new UsageError('replay takes one event id (evt_…).');
  const endpointId = typeof values.endpoint === 'string' ? values.endpoint : undefined;
  if (endpointId !== undefined && !/^we_\S+$/.test(endpointId))
    throw new UsageError('--endpoint takes an endpoint id (we_…).');
  const { client } = clientOf(values, io);
  try {
    const event = await client.getEvent(eventId);
    const attempts = await client.replayEvent(eventId, endpointId);
    for (const attempt of attempts) io.out(deliveryLine(event, attempt));
    io.err(`Replayed ${event.type} ${event.id}${endpointId ? ` to ${endpointId}` : ''}.`);
    return 0;
  } catch (error) {
    io.err(
      `momo-checkout-sandbox replay: ${isAbsent(error) ? `no event ${eventId} (or no events on this service).` : serviceFailure(error)}`,
    );
    return 1;
  }
}

// Graceful shutdown, the same for both commands: SIGINT or SIGTERM stops accepting connections,
// closes the idle ones, lets the requests in flight finish (for up to DRAIN_MS, then cuts them),
// closes the app (Vite, the demo, the sandbox's state files) and exits 0 — within the 10 s an
// orchestrator gives by default (`docker stop`). A second signal, or a close still busy after
// FORCE_EXIT_MS, exits 1 at once.
import type { CloseOptions } from './listen';

/** How long the requests in flight are given to finish. */
export const DRAIN_MS = 8000;
/** When the process exits whatever its close is still doing. */
export const FORCE_EXIT_MS = 9500;

export function stopOnSignals(name: string, server: { close(options?: CloseOptions): Promise<void> }): void {
  let stopping = false;
  function stop(signal: string): void {
    if (stopping) {
      console.error(`${name}: ${signal} again, exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${name}: ${signal}, shutting down (requests in flight get ${DRAIN_MS / 1000} s)…`);
    const force = setTimeout(() => {
      console.error(`${name}: still busy after ${FORCE_EXIT_MS / 1000} s, exiting anyway.`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    server
      .close({
        graceMs: DRAIN_MS,
        onCut: (requests) =>
          console.error(
            `${name}: ${requests.length} request(s) still in flight after ${DRAIN_MS / 1000} s cut unanswered: ${requests.join(', ')}`,
          ),
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`${name}: could not shut down cleanly: ${String(error)}`);
          process.exit(1);
        },
      );
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

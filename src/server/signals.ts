// Graceful shutdown, the same for both commands: SIGINT or SIGTERM closes the server (open
// connections, Vite, the demo, the sandbox's state files) and exits 0; a second signal, or a close
// still busy after 5 s, exits 1 at once.
export function stopOnSignals(name: string, server: { close(): Promise<void> }): void {
  let stopping = false;
  function stop(signal: string): void {
    if (stopping) {
      console.error(`${name}: ${signal} again, exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${name}: ${signal}, shutting down…`);
    const force = setTimeout(() => {
      console.error(`${name}: still busy after 5 s, exiting anyway.`);
      process.exit(1);
    }, 5000);
    force.unref();
    server.close().then(
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

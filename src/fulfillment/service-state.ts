// What the loop knows of the service, shared by the reads of intents and the sweeps: whether it is
// down (then no read at all until `pausedUntil`, the wait doubling with each failure in a row), and
// when a read of an intent last succeeded (proof that the address and the key find payments,
// ./not-found.ts).
import { backoff, type Pace } from './schedule';

export class ServiceState {
  /** While the service is down, no read at all until then. */
  pausedUntil = 0;
  /** When a read of an intent last succeeded, if one has. */
  provenAt: number | null = null;
  /** Failures in a row of the service itself. */
  private downFor = 0;

  constructor(private readonly pace: Pace) {}

  /** A read of an intent was answered at `at`. */
  answered(at: number): void {
    this.downFor = 0;
    this.provenAt = at;
  }

  /** The service failed (down, overloaded, refusing the key) at `at`: every read waits. */
  failed(at: number): void {
    this.downFor += 1;
    this.pausedUntil = Math.max(this.pausedUntil, backoff(this.downFor, at, this.pace));
  }
}

// Extension (signed events): the one thing the sandbox runs in the background. Its state is derived
// lazily (an attempt ends when it is next read), so a timer looks at what may still change every
// `eventTickMs` (./producer) and the events that makes are delivered (./dispatcher). The timer is
// unref'd (it never keeps a process alive) and stopped by the sandbox's `close`.
import type { SandboxConfig } from '../config';
import type { Dispatcher } from './dispatcher';
import type { EventProducer } from './producer';

export class EventPump {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly config: SandboxConfig,
    private readonly producer: EventProducer,
    private readonly dispatcher: Dispatcher,
  ) {}

  /** Watches what the state read back holds, resumes the deliveries still owed, and starts ticking. */
  start(): void {
    this.producer.watchAll();
    this.dispatcher.resume();
    this.timer = setInterval(() => this.tick(), this.config.eventTickMs);
    this.timer.unref?.();
  }

  /** One look at everything watched; a failure is logged, and the next tick tries again. */
  tick(): void {
    try {
      const now = this.config.now();
      this.producer.tick(now);
      this.dispatcher.runDue(now);
    } catch (error) {
      console.error(`[sandbox] events: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.dispatcher.close();
  }
}

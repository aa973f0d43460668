// @vitest-environment node
// The pump (src/sandbox/events/pump.ts): at its start it watches what the state holds and resumes
// what is owed; then it looks every `eventTickMs`, on a timer that keeps no process alive, until
// the sandbox's close stops it. A failing look is logged and the next one tries again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../../src/sandbox/events/dispatcher';
import type { EventProducer } from '../../../src/sandbox/events/producer';
import { EventPump } from '../../../src/sandbox/events/pump';
import { eventsWorld } from './world';

afterEach(() => {
  vi.useRealTimers();
});

function pumping(tick: () => void = () => undefined) {
  const world = eventsWorld({ eventTickMs: 250 });
  const calls: string[] = [];
  const producer = {
    watchAll: () => calls.push('watchAll'),
    tick: () => {
      calls.push('tick');
      tick();
    },
  } as unknown as EventProducer;
  const dispatcher = {
    resume: () => calls.push('resume'),
    runDue: () => calls.push('runDue'),
    close: async () => {
      calls.push('close');
    },
  } as unknown as Dispatcher;
  return { pump: new EventPump(world.config, producer, dispatcher), calls };
}

describe('EventPump', () => {
  it('watches and resumes at its start, then looks every eventTickMs until stopped', async () => {
    vi.useFakeTimers();
    const { pump, calls } = pumping();
    pump.start();
    expect(calls).toEqual(['watchAll', 'resume']);
    vi.advanceTimersByTime(249);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(250);
    expect(calls.slice(2)).toEqual(['tick', 'runDue', 'tick', 'runDue']);
    await pump.stop();
    vi.advanceTimersByTime(10_000);
    expect(calls.slice(6)).toEqual(['close']);
  });

  it('logs a look that fails, and looks again at the next tick', () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { pump, calls } = pumping(() => {
      throw new Error('boom');
    });
    pump.start();
    vi.advanceTimersByTime(500);
    expect(calls.filter((c) => c === 'tick')).toHaveLength(2);
    expect(errors).toHaveBeenCalledWith('[sandbox] events: boom');
    void pump.stop();
  });

  it('keeps no process alive: its timer is unref’d', () => {
    const { pump } = pumping();
    pump.start();
    const timer = (pump as unknown as { timer: NodeJS.Timeout }).timer;
    expect(timer.hasRef()).toBe(false);
    void pump.stop();
  });
});

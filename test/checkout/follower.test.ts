// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createFollower, type HostPage } from '../../src/checkout/follower';
import { createFakeTime } from '../support/fake-time';

/** A page whose visibility and connection the test sets, with the events a browser sends. */
function fakePage() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const navigator = { onLine: true };
  const page = Object.assign(new EventTarget(), { document, navigator });
  return {
    page: page as unknown as HostPage,
    hide: () => {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    show: () => {
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    offline: () => {
      navigator.onLine = false;
      page.dispatchEvent(new Event('offline'));
    },
    online: () => {
      navigator.onLine = true;
      page.dispatchEvent(new Event('online'));
    },
  };
}

function setup(delays: (number | null)[] = [1000, 1000, 1000, 1000], page: HostPage = null) {
  const time = createFakeTime();
  const reads: number[] = [];
  const onOnlineChange = vi.fn();
  let next = 0;
  const follower = createFollower({
    clock: time.clock,
    page,
    read: async () => void reads.push(time.now()),
    nextDelay: () => delays[next++] ?? null,
    onOnlineChange,
  });
  return { time, reads, follower, onOnlineChange, since: (start: number) => reads.map((t) => t - start) };
}

describe('follower', () => {
  it('reads after each delay it is given, until there is nothing more to follow', async () => {
    const { time, reads, follower, since } = setup([1000, 2000, null]);
    const start = time.now();
    follower.start();
    await time.advance(10_000);
    expect(since(start)).toEqual([1000, 3000]);
    expect(time.pending()).toBe(0);
    expect(reads).toHaveLength(2);
  });

  it('never runs two reads at once: a check during a read joins it', async () => {
    const time = createFakeTime();
    let finish: () => void = () => {};
    const read = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const follower = createFollower({
      clock: time.clock,
      page: null,
      read,
      nextDelay: () => 1000,
      onOnlineChange: () => {},
    });
    follower.start();
    const first = follower.now();
    const second = follower.now();
    expect(second).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
    finish();
    await first;
    expect(time.pending()).toBe(1);
    follower.stop();
  });

  it('waits while the page is hidden, and reads at once when the payer comes back', async () => {
    const tab = fakePage();
    const { time, reads, follower } = setup(undefined, tab.page);
    tab.hide();
    follower.start();
    await time.advance(5000);
    expect(reads).toHaveLength(0);
    expect(time.pending()).toBe(0);
    tab.show();
    await time.settle();
    expect(reads).toEqual([time.now()]);
    follower.stop();
  });

  it('waits while offline and says so; reads at once when the connection returns', async () => {
    const tab = fakePage();
    const { time, reads, follower, onOnlineChange } = setup(undefined, tab.page);
    follower.start();
    await time.advance(1000);
    expect(reads).toHaveLength(1);
    tab.offline();
    expect(onOnlineChange).toHaveBeenLastCalledWith(false);
    await time.advance(10_000);
    expect(reads).toHaveLength(1);
    tab.online();
    await time.settle();
    expect(onOnlineChange).toHaveBeenLastCalledWith(true);
    expect(reads).toHaveLength(2);
    follower.stop();
  });

  it('says so at once when it starts offline', () => {
    const tab = fakePage();
    tab.offline();
    const { time, follower, onOnlineChange } = setup(undefined, tab.page);
    follower.start();
    expect(onOnlineChange).toHaveBeenCalledWith(false);
    expect(time.pending()).toBe(0);
    follower.stop();
  });

  it('stop() leaves no timer and no listener behind', async () => {
    const tab = fakePage();
    const { time, reads, follower } = setup(undefined, tab.page);
    follower.start();
    expect(follower.active).toBe(true);
    follower.stop();
    expect(follower.active).toBe(false);
    expect(time.pending()).toBe(0);
    tab.hide();
    tab.show();
    tab.offline();
    tab.online();
    await time.advance(10_000);
    expect(reads).toHaveLength(0);
  });

  it('counts each delay from when the read before it was sent: after a read the service held past it, the next goes at once', async () => {
    const time = createFakeTime();
    const sent: { at: number; scheduled: boolean }[] = [];
    // Each read takes 5 s (a service holding it until something changes, or its wait is over).
    const read = (scheduled: boolean) => {
      sent.push({ at: time.now(), scheduled });
      return new Promise<void>((resolve) => time.clock.setTimeout(resolve, 5000));
    };
    const delays = [1000, 2000, 8000, null];
    let next = 0;
    const follower = createFollower({
      clock: time.clock,
      page: null,
      read,
      nextDelay: () => delays[next++] ?? null,
      onOnlineChange: () => {},
      // Reads a service may hold come with a way to cut them short (none: widget.js, counting from each answer).
      cutShort: () => {},
    });
    const start = time.now();
    follower.start();
    await time.advance(30_000);
    // At 1 s; its answer at 6 s, past the next delay (2 s from 1 s): at once; then 8 s after 6 s.
    expect(sent.map((r) => r.at - start)).toEqual([1000, 6000, 14_000]);
    expect(sent.every((r) => r.scheduled)).toBe(true);
  });

  it('a check now during a read asks for it to be cut short (a read the service holds), and joins it', async () => {
    const time = createFakeTime();
    const sent: boolean[] = [];
    let finish: () => void = () => {};
    const read = (scheduled: boolean) => {
      sent.push(scheduled);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    const cutShort = vi.fn();
    const follower = createFollower({
      clock: time.clock,
      page: null,
      read,
      cutShort,
      nextDelay: () => 1000,
      onOnlineChange: () => {},
    });
    follower.start();
    await time.advance(1000);
    const check = follower.now();
    expect(cutShort).toHaveBeenCalledTimes(1);
    finish();
    await check;
    // The read on the timer is the one the service may hold; the payer's, never.
    const again = follower.now();
    expect(sent).toEqual([true, false]);
    finish();
    await again;
    follower.stop();
  });
});

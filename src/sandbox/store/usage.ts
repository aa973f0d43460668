// What the sandbox holds, in bytes of its records as the journal writes them, per merchant and in
// all: any `sk_test_…` token is a merchant, so without a bound one caller could fill the memory
// and every payment would be lost with the process. At the bound, 503 instead of a crash.
import { SandboxError } from '../errors';
import type { Owner } from './records';

export interface StateLimits {
  /** Everything the sandbox holds. */
  maxBytes: number;
  /** What the records of one merchant token may add up to. */
  maxBytesPerToken: number;
}

const MIB = 1024 * 1024;
export const DEFAULT_STATE_LIMITS: Readonly<StateLimits> = { maxBytes: 64 * MIB, maxBytesPerToken: 16 * MIB };

const mib = (bytes: number) => `${Math.round((bytes / MIB) * 10) / 10} MiB`;

export class Usage {
  private readonly perOwner = new Map<Owner, number>();
  total = 0;

  constructor(readonly limits: StateLimits) {}

  of(owner: Owner): number {
    return this.perOwner.get(owner) ?? 0;
  }

  /**
   * Throws 503 `capacity_exceeded` unless `bytes` more fit. A merchant's creations count against
   * its own bound and the whole; what payers add to an existing intent (attempts) only against
   * the whole, so a merchant at its bound still gets paid. (The store makes room at the whole's
   * bound before it asks: see `Store.write`; this is what it answers when no room can be made.)
   */
  check(owner: Owner, bytes: number, perToken: boolean): void {
    if (this.total + bytes > this.limits.maxBytes) throw this.full();
    if (perToken) this.checkShare(owner, bytes);
  }

  /** Throws 503 `capacity_exceeded` unless `bytes` more fit in the share of `owner`. */
  checkShare(owner: Owner, bytes: number): void {
    if (this.of(owner) + bytes > this.limits.maxBytesPerToken) {
      throw new SandboxError(
        'capacity_exceeded',
        `This secret key's records fill its share of the sandbox (${mib(this.limits.maxBytesPerToken)}); they are forgotten as they expire.`,
      );
    }
  }

  full(): SandboxError {
    return new SandboxError(
      'capacity_exceeded',
      `The sandbox holds as much as it may (${mib(this.limits.maxBytes)}); records are forgotten as they expire.`,
    );
  }

  /** The owners holding the most, largest first (at most `count`). */
  largest(count: number): Owner[] {
    const top: [Owner, number][] = [];
    for (const entry of this.perOwner) {
      if (top.length < count || entry[1] > (top.at(-1) as [Owner, number])[1]) {
        top.push(entry);
        top.sort((a, b) => b[1] - a[1]);
        if (top.length > count) top.pop();
      }
    }
    return top.map(([owner]) => owner);
  }

  add(owner: Owner, bytes: number): void {
    this.total += bytes;
    const left = this.of(owner) + bytes;
    if (left > 0) this.perOwner.set(owner, left);
    else this.perOwner.delete(owner);
  }
}

// The fault control of one sandbox: the active rules, the hits they made, and the requests a
// `hang` fault holds (released as connection resets when the rules are cleared).
import { SandboxError } from '../errors';
import {
  type FaultKind,
  type FaultPhase,
  type FaultRule,
  type FaultRuleInput,
  parseFaultRules,
  routeMatcher,
} from './rules';
import { parseWalletFault, type WalletFault, WalletFaults } from './wallets';

export interface FaultRuleView extends FaultRule {
  id: number;
  /** Hits left; 0 once spent (the rule stays listed until cleared). */
  remaining: number | 'always';
}

export interface FaultHit {
  rule: number;
  kind: FaultKind;
  when: FaultPhase;
  method: string;
  path: string;
}

interface Active {
  view: FaultRuleView;
  matches: (method: string, path: string) => boolean;
  random: () => number;
}

/** A small seeded generator (mulberry32): one seed, one sequence of draws, so a flaky run replays. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export class FaultControl {
  private active: Active[] = [];
  private log: FaultHit[] = [];
  private nextId = 1;
  private readonly held = new Set<() => void>();
  /** The wallets set slow or down (what `GET /v1/availability` reports); cleared with the rules. */
  readonly wallets = new WalletFaults();

  /** Sets a wallet slow (with its delay) or down, or back up. A bad one throws a RangeError. */
  setWallet(fault: WalletFault) {
    try {
      return this.wallets.put(parseWalletFault(fault));
    } catch (error) {
      if (error instanceof SandboxError) throw new RangeError(`Bad wallet fault: ${error.message}`);
      throw error;
    }
  }

  /** Adds one rule or a list; returns them with their ids and defaults. A bad rule throws a RangeError. */
  inject(rules: FaultRuleInput | readonly FaultRuleInput[]): FaultRuleView[] {
    try {
      return this.add(parseFaultRules(rules));
    } catch (error) {
      if (error instanceof SandboxError) throw new RangeError(`Bad fault rule: ${error.message}`);
      throw error;
    }
  }

  /** Adds rules already checked by `parseFaultRules`. */
  add(rules: readonly FaultRule[]): FaultRuleView[] {
    const added = rules.map((rule) => {
      const view: FaultRuleView = { id: this.nextId++, ...rule, remaining: rule.times };
      this.active.push({ view, matches: routeMatcher(rule.route), random: seeded(rule.seed) });
      return { ...view };
    });
    return added;
  }

  /** Forgets every rule and hit; requests held by a hang fault end as connection resets. */
  clear(): void {
    this.active = [];
    this.log = [];
    this.wallets.clear();
    for (const release of [...this.held]) release();
  }

  /** Every fault applied so far, in order. */
  hits(): FaultHit[] {
    return this.log.map((hit) => ({ ...hit }));
  }

  rules(): FaultRuleView[] {
    return this.active.map(({ view }) => ({ ...view }));
  }

  /** The first rule that hits this request in this phase, if any: counted down and logged. */
  take(when: FaultPhase, method: string, path: string): FaultRuleView | null {
    for (const rule of this.active) {
      const { view } = rule;
      if (view.when !== when || view.remaining === 0 || !rule.matches(method, path)) continue;
      if (view.probability < 1 && !(rule.random() < view.probability)) continue;
      if (view.remaining !== 'always') view.remaining -= 1;
      this.log.push({ rule: view.id, kind: view.kind, when, method, path });
      return { ...view };
    }
    return null;
  }

  /** Keeps `release` until the rules are cleared; returns the function that forgets it. */
  hold(release: () => void): () => void {
    this.held.add(release);
    return () => this.held.delete(release);
  }
}

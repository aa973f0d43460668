// @vitest-environment node
// No key can slow other payers through the lists (issue 28, item 3). A key holding 30 000 intents
// (within its share) runs 32 loops of `GET /v1/payment-intents?perPage=100` as fast as answers come
// — with the list rate limit off, so what is measured is what a page costs, not the limit — while
// an unrelated shop's payer reads its intent every 20 ms and confirms a fresh one every 250 ms. The
// sandbox runs as `npm start` runs it, in its own process on 127.0.0.1 with its state in a
// directory (on tmpfs: below), the 30 000 intents read back from the journal at its start and the
// per-owner index rebuilt from them; the loops run in a process of their own at nice 19. Bounded:
// each loop stops after 4 000 lists or at the end of the 8 s window (./support/lists-load.ts).
// Before the index, each of these lists cost 100–135 ms of server time and 32 loops put the
// payer's read at p50 3.45 s; bench/lists.ts records the figures (p50, p99, margins).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALARMS, BUDGETS } from '../../bench/budgets';
import { LOOPS, measureListsLoad, type Served, startListsServer, stopListsServer } from './support/lists-load';

const INTENTS = 30_000;
/**
 * The state on tmpfs where the machine has one: every answer waits for the journal's pending flush,
 * and a disk shared with other tests' fsyncs once held reads and confirms alike for a second. The
 * journal, the read-back and the index are the same; what is measured is the lists, not the disk
 * (bench/lists.ts measures on the disk).
 */
const STATE_ROOT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

describe('lists under load', () => {
  // One retry, with a sandbox of its own: a machine that stalls every process for a moment (a
  // shared CI runner, the suite's other files) is not the sandbox. A sandbox that scans, or lets
  // lists queue in front of payers, fails both tries: before the index the read's p50 was 326 ms.
  it('keeps an unrelated payer’s read and confirms within their budgets (100 ms p99, 250 ms) while 32 list loops of a 30 000-intent key run', {
    retry: 1,
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(STATE_ROOT, 'momo-lists-load-'));
    let served: Served | undefined;
    try {
      served = await startListsServer(dataDir, INTENTS, 40, 'off');
      const figures = await measureListsLoad(served);
      console.log(`lists under load: ${JSON.stringify({ loadMs: served.loadMs, ...figures })}`);
      // The loops were really running, answered, all along (no 429: the limit is off here).
      expect(Object.keys(figures.lists.statusCodes)).toEqual(['200']);
      expect(figures.lists.served).toBeGreaterThan(LOOPS * 10);
      expect(figures.read.statusCodes).toEqual({ 200: figures.read.count });
      expect(figures.read.count).toBeGreaterThan(50);
      expect(figures.confirm.statusCodes).toEqual({ 200: figures.confirm.count });
      expect(figures.confirm.count).toBeGreaterThan(10);
      // Timed, so judged as the bench judges its timed budgets (bench/budgets.ts): the 100 ms
      // and 250 ms are the budgets, said OVER here and recorded by bench/lists.ts; what fails is a
      // figure past its alarm, which no machine's noise reaches and a scan per list does (p50 3.45 s).
      for (const [figure, budget, alarm] of [
        [figures.read.p99Ms, BUDGETS.listsBystanderReadP99Ms, ALARMS.listsBystanderReadP99Ms],
        [figures.confirm.maxMs, BUDGETS.listsBystanderConfirmMaxMs, ALARMS.listsBystanderConfirmMaxMs],
      ] as const) {
        if (figure > budget)
          console.log(`lists under load: OVER ${figure} ms (budget ${budget} ms, alarm ${alarm} ms)`);
        expect(figure).toBeLessThan(alarm);
      }
    } finally {
      if (served) await stopListsServer(served.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

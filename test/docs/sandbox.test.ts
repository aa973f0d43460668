// @vitest-environment node
// docs/sandbox.md's tables are written by hand from the sandbox's own tables: this holds them to
// it. The test numbers' table is derived from the data, row by row: each wallet of each country,
// the flow it approves by (approval.ts), its numbers of each column's outcome (TEST_NUMBERS) and
// what typing one selects (test/phone/support/selection.ts); a failure shows the row to write.
// Every outcome the sandbox knows has its row; the one-time code the doc calls right is the sandbox's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approvalOf } from '../../src/methods/momo/approval';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { COUNTRIES, type Country, type Wallet } from '../../src/phone/countries';
import { TEST_NUMBERS, TEST_SUFFIXES } from '../../src/phone/test-numbers';
import { ERROR_CODES, ERROR_STATUS } from '../../src/sandbox/errors';
import { expectedSelection } from '../phone/support/selection';

const doc = readFileSync(join(import.meta.dirname, '../../docs/sandbox.md'), 'utf8');
const rows = doc.split('\n').filter((line) => line.startsWith('| '));
const OUTCOME_OF_COLUMN = ['approved_after_delay', 'declined', 'approved_at_once'] as const;
const FLOW_WORDS = { push: 'push', enter_otp: 'one-time code', open_wallet: 'its app' } as const;

/** The table's cells after the country for `wallet`: its flow, its three numbers, what typing one selects. */
function expectedRow(country: Country, wallet: Wallet): string[] {
  const numbers = OUTCOME_OF_COLUMN.map((outcome) => {
    const found = TEST_NUMBERS.find(
      (n) => n.country === country.code && n.operator === wallet.name && n.outcome === outcome,
    );
    if (!found) throw new Error(`no ${outcome} number for ${country.code} ${wallet.name}`);
    return found;
  });
  const selected = expectedSelection(numbers[0]!);
  const labelOf = (name: string) => country.wallets.find((w) => w.name === name)?.label ?? name;
  const selects =
    selected === wallet.name
      ? wallet.label
      : selected === undefined
        ? `none: the payer picks ${wallet.label}`
        : `${labelOf(selected)}, then the payer picks ${wallet.label}`;
  return [
    wallet.label,
    FLOW_WORDS[approvalOf(country.code, wallet.name).kind],
    ...numbers.map((n) => `\`${n.national}\``),
    selects,
  ];
}

describe('docs/sandbox.md', () => {
  it('has a row for every outcome the last two digits choose', () => {
    for (const [outcome, suffix] of Object.entries(TEST_SUFFIXES)) {
      if (outcome === 'approved_after_delay')
        expect(rows.some((row) => row.startsWith('| anything else |'))).toBe(true);
      else
        expect(
          rows.some((row) => row.startsWith(`| \`${suffix}\` |`)),
          outcome,
        ).toBe(true);
    }
  });

  it('shows, for every wallet of every country, its test numbers, its flow and what its number selects', () => {
    for (const country of COUNTRIES) {
      const countryRows = rows
        .filter((line) => line.split('|')[1]?.includes(` \`${country.code}\``))
        .map((line) =>
          line
            .split('|')
            .slice(2, -1)
            .map((cell) => cell.trim()),
        );
      expect(countryRows.length, country.code).toBeGreaterThan(0);
      if (country.wallets.length === 0) {
        expect(countryRows.map((cells) => cells.slice(1).join(''))).toEqual(['']);
        continue;
      }
      // One row per wallet, in the data's order, each derived from the data alone.
      expect(countryRows, country.code).toEqual(country.wallets.map((wallet) => expectedRow(country, wallet)));
    }
  });

  it('lists the error codes as the sandbox’s one set does, in its order, each with its status', () => {
    const errors = doc.slice(doc.indexOf('\n## Errors'), doc.indexOf('\n## ', doc.indexOf('\n## Errors') + 1));
    const table = [...errors.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(table).toEqual(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]]));
  });

  it('calls right the code the sandbox takes', () => {
    expect(doc).toContain(`**\`${RIGHT_CODE}\`** is right`);
  });
});

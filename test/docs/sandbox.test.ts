// @vitest-environment node
// docs/sandbox.md's tables are written by hand from the sandbox's own tables: this holds them to
// it. Every test number the doc shows is one of TEST_NUMBERS, of the row's country and of the
// column's outcome; every outcome the sandbox knows has its row; the one-time code the doc calls
// right is the sandbox's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { COUNTRIES } from '../../src/phone/countries';
import { TEST_NUMBERS, TEST_SUFFIXES } from '../../src/phone/test-numbers';

const doc = readFileSync(join(import.meta.dirname, '../../docs/sandbox.md'), 'utf8');
const rows = doc.split('\n').filter((line) => line.startsWith('| '));
const OUTCOME_OF_COLUMN = ['approved_after_delay', 'declined', 'approved_at_once'] as const;

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

  it('shows, for every country, its test numbers of the right outcome', () => {
    for (const country of COUNTRIES) {
      const countryRows = rows.filter((line) => line.includes(` \`${country.code}\``));
      expect(countryRows.length, country.code).toBeGreaterThan(0);
      for (const row of countryRows) {
        const cells = row.split('|').slice(3, 6);
        if (country.wallets.length === 0) {
          expect(cells.join('').trim()).toBe('');
          continue;
        }
        cells.forEach((cell, column) => {
          const shown = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
          expect(shown.length, `${country.code}, column ${column}`).toBeGreaterThan(0);
          for (const national of shown) {
            const found = TEST_NUMBERS.find((n) => n.country === country.code && n.national === national);
            expect(found, `${country.code} ${national}`).toBeDefined();
            expect(found!.outcome, `${country.code} ${national}`).toBe(OUTCOME_OF_COLUMN[column]);
          }
        });
      }
    }
  });

  it('calls right the code the sandbox takes', () => {
    expect(doc).toContain(`**\`${RIGHT_CODE}\`** is right`);
  });
});

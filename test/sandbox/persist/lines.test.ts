// @vitest-environment node
// The line format of a state directory's files (src/sandbox/persist/lines.ts): each record line
// carries the checksum of its JSON, so that a line changed after it was written is found.
import { describe, expect, it } from 'vitest';
import { journalName, recordLine, sealLine, verifiedJson } from '../../../src/sandbox/persist/lines';

describe('record lines', () => {
  it('read back as written; changed by one character, refused', () => {
    const json = JSON.stringify({ kind: 'intent', amount: 1000 });
    const line = recordLine(json);
    expect(line).toMatch(/^[0-9a-f]{16} /);
    expect(verifiedJson(line)).toBe(json);
    expect(verifiedJson(line.replace('1000', '9000'))).toBeNull();
    expect(verifiedJson(`${line.slice(0, 16)}x${line.slice(17)}`)).toBeNull();
  });

  it('a seal is a record line of its count; journals are numbered on six digits', () => {
    expect(JSON.parse(verifiedJson(sealLine(3)) as string)).toEqual({ seal: { records: 3 } });
    expect(journalName(12)).toBe('journal-000012.jsonl');
  });
});

// Which source file each byte of a minified bundle came from, read from its source map (version 3:
// `mappings` is base64 VLQ, one `;` per generated line, segments of 1, 4 or 5 fields, each field
// relative to the previous segment's, the generated column relative within its line only).

export interface SourceMapV3 {
  version: number;
  sources: string[];
  mappings: string;
  sourceRoot?: string;
}

/** A run of generated code: characters [start, end) of line `line`, from `source` (null: unmapped). */
export interface Span {
  line: number;
  start: number;
  end: number;
  source: string | null;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** The numbers of one segment: 5-bit groups, low first, bit 6 says "more follows", bit 1 of the value is the sign. */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad base64 digit ${JSON.stringify(char)} in a source map`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  if (shift !== 0) throw new Error('a source-map segment ends in the middle of a number');
  return values;
}

/**
 * Cuts every generated line into spans, each from the source of the segment that starts it up to
 * the next segment; text before a line's first segment, and segments without a source, are unmapped.
 */
export function spans(map: SourceMapV3, code: string): Span[] {
  const lines = code.split('\n');
  const out: Span[] = [];
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, line) => {
    const text = lines[line] ?? '';
    let column = 0;
    const starts: { column: number; source: string | null }[] = [];
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        starts.push({ column, source: map.sources[sourceIndex] ?? null });
      } else {
        starts.push({ column, source: null });
      }
    }
    if ((starts[0]?.column ?? text.length) > 0)
      out.push({ line, start: 0, end: starts[0]?.column ?? text.length, source: null });
    starts.forEach((start, i) => {
      const end = starts[i + 1]?.column ?? text.length;
      if (end > start.column) out.push({ line, start: start.column, end, source: start.source });
    });
  });
  return out;
}

import type { TextColumn } from './index-shape.js';

const decoder = new TextDecoder();

/** A row's text, from whichever of the five forms the column is in. */
export function textAt(column: TextColumn, i: number): string {
  if ('epochMs' in column) return new Date(column.epochMs[i]!).toISOString();
  if ('epochS' in column) return new Date(column.epochS[i]! * 1000).toISOString();
  if ('codes' in column) return column.values[column.codes[i]!]!;
  if ('patterns' in column) {
    const [prefix, digits] = column.patterns[column.patternCodes[i]!]!;
    return prefix + String(column.numbers[i]!).padStart(digits, '0');
  }
  return decoder.decode(column.bytes.subarray(column.offsets[i]!, column.offsets[i + 1]!));
}

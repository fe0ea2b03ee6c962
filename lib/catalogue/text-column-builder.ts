import { Dictionary, f64s, type Growing, u32s, u8s } from './growing-arrays.js';
import type { TextColumn } from './index-shape.js';
import { narrowed } from './value-lists.js';

const encoder = new TextEncoder();
const PATTERN = /^(.*?)(\d{1,9})$/;
const MAX_EPOCH_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z: ISO texts up to here sort as their instants do

/** A text column as the rows come: every form still possible is kept, the smallest one left is chosen at the end. */
export class TextBuilder {
  private bytes: Growing<Uint8Array> | undefined = u8s();
  private offsets = u32s();
  private dictionary: Dictionary | undefined = new Dictionary();
  private codes: Growing<Uint32Array> | undefined = u32s();
  private patterns: Dictionary | undefined;
  private patternCodes: Growing<Uint32Array> | undefined;
  private numbers: Growing<Uint32Array> | undefined;
  private epochMs: Growing<Float64Array> | undefined;
  private wholeSeconds = true;
  private count = 0;

  constructor(kind: 'text' | 'pattern' | 'instant') {
    this.offsets.push(0);
    if (kind === 'pattern') {
      this.patterns = new Dictionary();
      this.patternCodes = u32s();
      this.numbers = u32s();
    }
    if (kind === 'instant') this.epochMs = f64s();
  }

  add(raw: string | undefined): void {
    const text = raw ?? '';
    this.count += 1;
    if (this.epochMs) {
      const ms = Date.parse(text);
      if (Number.isFinite(ms) && ms >= 0 && ms <= MAX_EPOCH_MS && new Date(ms).toISOString() === text) {
        this.epochMs.push(ms);
        if (ms % 1000 !== 0) this.wholeSeconds = false;
      } else this.epochMs = undefined;
    }
    if (this.dictionary) {
      this.codes!.push(this.dictionary.code(text));
      if (this.dictionary.codeOf.size > 65_536 && this.dictionary.codeOf.size > this.count / 4)
        this.dictionary = this.codes = undefined;
    }
    if (this.patterns) {
      const match = PATTERN.exec(text);
      if (match && this.patterns.codeOf.size < 65_536) {
        this.patternCodes!.push(this.patterns.code(`${match[2]!.length}|${match[1]!}`));
        this.numbers!.push(Number(match[2]!));
      } else this.patterns = this.patternCodes = this.numbers = undefined;
    }
    const bytes = this.bytes!;
    // Room for the longest UTF-8 form, then written in place.
    while (bytes.array.length - bytes.length < text.length * 3) {
      const bigger = new Uint8Array(Math.max(4096, bytes.array.length * 2));
      bigger.set(bytes.array.subarray(0, bytes.length));
      bytes.array = bigger;
    }
    bytes.length += encoder.encodeInto(text, bytes.array.subarray(bytes.length)).written;
    this.offsets.push(bytes.length);
  }

  done(): TextColumn {
    const n = this.count;
    if (this.epochMs) {
      const ms = this.epochMs.done();
      if (this.wholeSeconds && ms.every((v) => v / 1000 <= 0xffffffff))
        return { epochS: Uint32Array.from(ms, (v) => v / 1000) };
      return { epochMs: ms };
    }
    if (this.dictionary && (n === 0 || this.dictionary.codeOf.size <= n / 4)) {
      const values = this.dictionary.values() as string[];
      return { values, codes: narrowed(this.codes!.done(), n, values.length) };
    }
    if (this.patterns && n > 0) {
      const patterns = this.patterns.values().map((key): [string, number] => {
        const bar = key!.indexOf('|');
        return [key!.slice(bar + 1), Number(key!.slice(0, bar))];
      });
      return {
        patterns,
        patternCodes: narrowed(this.patternCodes!.done(), n, patterns.length),
        numbers: this.numbers!.done(),
      };
    }
    return { bytes: this.bytes!.done(), offsets: this.offsets.done() };
  }
}

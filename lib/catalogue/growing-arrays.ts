/**
 * What the index builder collects rows into: typed arrays that grow as rows come, and the codes
 * of a field's values in the order first met.
 */

/** A typed array that grows as rows come. */
export class Growing<T extends Uint8Array | Uint32Array | Float64Array> {
  length = 0;
  constructor(
    public array: T,
    private readonly make: (length: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(Math.max(1024, this.array.length * 2));
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
  /** The values pushed, in an array of their exact length (the growing one is dropped). */
  done(): T {
    const out = this.make(this.length);
    out.set(this.array.subarray(0, this.length));
    this.array = this.make(0);
    return out;
  }
}
export const u32s = () => new Growing(new Uint32Array(0), (n) => new Uint32Array(n));
export const f64s = () => new Growing(new Float64Array(0), (n) => new Float64Array(n));
export const u8s = () => new Growing(new Uint8Array(0), (n) => new Uint8Array(n));

/** A field's distinct values, each given the next code when first met (`null` for a missing one). */
export class Dictionary {
  readonly codeOf = new Map<string | null, number>();
  code(value: string | null): number {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.codeOf.size;
      this.codeOf.set(value, code);
    }
    return code;
  }
  values(): Array<string | null> {
    return [...this.codeOf.keys()];
  }
}

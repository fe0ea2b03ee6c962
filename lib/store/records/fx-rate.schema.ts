import * as Type from '@sinclair/typebox';

/** An exchange rate between two currencies, as staff (or the seed) last set it. */
export const FxRateRecord = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** Units of `to` per one unit of `from`, as a decimal string so no precision is lost. */
  rate: Type.String(),
  source: Type.String(),
  asOf: Type.String(),
  updatedAt: Type.String(),
});

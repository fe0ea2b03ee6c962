import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { recordCodec } from '../record.js';

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
export type FxRate = Static<typeof FxRateRecord>;
export const fxRateCodec = recordCodec('fx rate', FxRateRecord);

/** Exchange rates by pair; list all via GSI1 FXRATES. */
export const fxRate = (from: string, to: string) => ({ pk: `FXRATE#${from}#${to}`, sk: 'FXRATE' });
export const fxRateIndex = (from: string, to: string) => ({ gsi1pk: fxRateList, gsi1sk: `${from}#${to}` });
export const fxRateList = 'FXRATES';

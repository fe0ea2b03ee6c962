import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { FxRateRecord } from './fx-rate.schema.js';

/** An exchange rate between two currencies, as staff (or the seed) last set it. */
export type FxRate = Static<typeof FxRateRecord>;
export const fxRateCodec = /* @__PURE__ */ recordCodec('fx rate', stored.FxRateRecord);

/** Exchange rates by pair; list all via GSI1 FXRATES. */
export const fxRate = (from: string, to: string) => ({ pk: `FXRATE#${from}#${to}`, sk: 'FXRATE' });
export const fxRateIndex = (from: string, to: string) => ({ gsi1pk: fxRateList, gsi1sk: `${from}#${to}` });
export const fxRateList = 'FXRATES';

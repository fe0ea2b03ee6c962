import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import { tenantPart } from '../no-tenant.js';
import type { ImportRuleRecord } from './import-rule.schema.js';

/** A destination's import rule: a platform default or a tenant's own version. */
export type ImportRuleItem = Static<typeof ImportRuleRecord>;
export const importRuleCodec = /* @__PURE__ */ recordCodec('import rule', stored.ImportRuleRecord);

/** The rules of a tenant (or, with none, the platform's stored defaults), one item per country, listed by a Query on pk. */
export const importRules = (tenantId: string | undefined) => `IMPORTRULES#${tenantPart(tenantId)}`;
export const importRule = (tenantId: string | undefined, country: string) => ({
  pk: importRules(tenantId),
  sk: `COUNTRY#${country}`,
});

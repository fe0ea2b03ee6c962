import * as Type from '@sinclair/typebox';
import { Id, Version } from './common.js';
import { CountryCode, ImportRule, ImportRuleFields } from './import-rule-shapes.js';
import { defineRoute } from './route.js';

const CountryParams = Type.Object({ country: CountryCode }, { additionalProperties: false });
/** Platform keys name the tenant whose own rule they set; without one they set the default. */
const TenantQuery = Type.Object(
  {
    tenantId: Type.Optional({
      ...Id,
      description: "platform keys: the tenant whose own rule this is (without it, the platform's default)",
    }),
  },
  { additionalProperties: false },
);

export const listImportRules = defineRoute({
  id: 'listImportRules',
  folder: 'import-rules',
  method: 'GET',
  path: '/api/v1/import-rules',
  tag: 'Import rules',
  summary: "The import rules in force for the key's tenant: its own where it set one, the default elsewhere",
  description:
    "One rule set per destination country, sorted by country, each with its source, the day it was read and whether it is confirmed. A country not listed has no rule: nothing is refused there. Platform keys see the defaults, or a tenant's with ?tenantId=.",
  status: 200,
  query: TenantQuery,
  response: Type.Array(ImportRule),
});

export const getImportRule = defineRoute({
  id: 'getImportRule',
  errors: ['NOT_FOUND'],
  versioned: { record: 'import rule' },
  folder: 'import-rules',
  method: 'GET',
  path: '/api/v1/import-rules/{country}',
  tag: 'Import rules',
  summary: 'The import rule in force for one destination country',
  status: 200,
  params: CountryParams,
  query: TenantQuery,
  response: ImportRule,
});

export const putImportRule = defineRoute({
  id: 'putImportRule',
  errors: ['VERSION_CONFLICT', 'PRECONDITION_FAILED'],
  versioned: { record: 'import rule', ifMatch: 'optional' },
  folder: 'import-rules',
  method: 'PUT',
  path: '/api/v1/import-rules/{country}',
  tag: 'Import rules',
  summary: "Set a country's import rule (admin): a tenant admin sets the tenant's own, a platform admin the default",
  description:
    "The rule given replaces the one stored (a field left out is cleared). A tenant's own version wins over the default for that tenant, stricter or looser; the first save of a tenant's own starts from the default's version 0 (send no version, or the version of the tenant's own you read). Audited. Open orders that the new rule fails are listed by GET /orders?importCheck=failing.",
  status: 200,
  roles: [],
  params: CountryParams,
  query: TenantQuery,
  body: Type.Object(
    { ...ImportRuleFields, version: Type.Optional(Version) },
    {
      additionalProperties: false,
      examples: [
        {
          maxAgeYears: 5,
          ageCountedFrom: 'model-year',
          ageCountedTo: 'order',
          refusedDamage: ['flood', 'total_loss'],
          fuelTypesRefused: [],
          documents: ['Certificate of origin'],
          permits: [],
          note: 'Stricter than the default: our Kuwait clearing agent refuses salvage titles',
          source: 'Clearing agent letter of 2026-11-30',
          asOf: '2026-11-30',
          confirmed: true,
        },
      ],
    },
  ),
  response: ImportRule,
});

export const deleteImportRule = defineRoute({
  id: 'deleteImportRule',
  errors: ['NOT_FOUND', 'PRECONDITION_FAILED'],
  versioned: { record: 'import rule', ifMatch: 'optional' },
  folder: 'import-rules',
  method: 'DELETE',
  path: '/api/v1/import-rules/{country}',
  tag: 'Import rules',
  summary: "Drop the tenant's own rule for a country (admin): the default is in force again, and is answered",
  description:
    '404 when the tenant has no rule of its own for the country. A platform key names the tenant (?tenantId=); defaults are changed with PUT, never deleted. Audited.',
  status: 200,
  roles: [],
  params: CountryParams,
  query: TenantQuery,
  response: Type.Union([ImportRule, Type.Object({ country: Type.String(), origin: Type.Literal('none') })]),
});

import { api, call, ifMatch } from '../api/client.js';
import { clean } from '../api/clean.js';
import { type DataPart, ok, records } from '../api/handlers.js';
import type { BodyOf, ImportRule } from '../api/types.js';

type RuleBody = BodyOf<'/api/v1/import-rules/{country}', 'put'>;

/** The fields PUT takes: react-admin sends the whole record back, and the API refuses what it does not know. */
const RULE_FIELDS = [
  'maxAgeYears',
  'ageCountedFrom',
  'ageCountedTo',
  'refusedDamage',
  'engine',
  'fuelTypesRefused',
  'documents',
  'permits',
  'note',
  'source',
  'asOf',
  'confirmed',
] as const;

/** A rule as a record: react-admin's id is its country. */
const asRecord = (rule: ImportRule) => ({ ...rule, id: rule.country });

/** The body of a save: the rule's fields only, cleaned (an empty engine limit is no limit). */
function ruleBody(values: Record<string, unknown>): RuleBody {
  const picked: Record<string, unknown> = {};
  for (const field of RULE_FIELDS) picked[field] = values[field];
  const body = clean(picked) as Partial<RuleBody>;
  if (body.engine && Object.keys(body.engine).length === 0) delete body.engine;
  // A note may be blank, and the API wants the field all the same; the lists likewise.
  return {
    ...body,
    note: typeof values.note === 'string' ? values.note : '',
    refusedDamage: body.refusedDamage ?? [],
    fuelTypesRefused: body.fuelTypesRefused ?? [],
    documents: (body.documents ?? []).filter((text) => typeof text === 'string' && text.trim() !== ''),
    permits: body.permits ?? [],
  } as RuleBody;
}

/** The import rules in force for the tenant, one per destination country; an admin sets the tenant's own or drops it. */
export const importRulesData = {
  handlers: {
    'import-rules': {
      getList: async () => {
        const { body } = await call(api().GET('/api/v1/import-rules'));
        return records(body.data.map(asRecord));
      },
      getOne: async ({ id }) =>
        ok(
          asRecord(
            (await call(api().GET('/api/v1/import-rules/{country}', { params: { path: { country: String(id) } } })))
              .body.data,
          ),
        ),
      update: async ({ id, data, previousData }) => {
        // The tenant's own version is saved at the version read; the first save over the default sends none.
        const previous = previousData as Partial<ImportRule> | undefined;
        const version = previous?.origin === 'tenant' ? previous.version : undefined;
        const { body } = await call(
          api().PUT('/api/v1/import-rules/{country}', {
            params: {
              path: { country: String(id) },
              ...(version !== undefined ? { header: { 'If-Match': ifMatch(version) } } : {}),
            },
            body: ruleBody(data as Record<string, unknown>),
          }),
        );
        return ok(asRecord(body.data));
      },
    },
  },
  actions: {
    /** Drops the tenant's own rule for a country: the default is in force again, and is answered. */
    returnToDefault: async (country: string, version: number) =>
      (
        await call(
          api().DELETE('/api/v1/import-rules/{country}', {
            params: { path: { country }, header: { 'If-Match': ifMatch(version) } },
          }),
        )
      ).body.data,
  },
} satisfies DataPart;

export type ImportRulesActions = typeof importRulesData.actions;

/**
 * The console's Arabic for the API's sentences about a refused value (console/src/i18n/problem-words.ts),
 * held to the sentences the API's own validators write: every one of them, for wrong values of every
 * body field of every route, is understood; any other sentence is shown as the API wrote it.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../console/src/api/error-details.js';
import { problemInArabic, problemWords } from '../../console/src/i18n/problem-words.js';
import { eventValidator } from '../../lib/http/validation.js';
import type { CompiledRoute } from '../../lib/schemas/route.js';
import { allRoutes } from '../../lib/schemas/index.js';

const WRONG: unknown[] = ['', 'x'.repeat(5000), 12345, {}, [], true, null, -1, 1.5, 'not valid!!', '2026-13-45', 'abc'];

/** Every sentence the validators write for a wrong value of a body field, or a missing one. */
async function validatorSentences(): Promise<Set<string>> {
  const sentences = new Set<string>();
  for (const spec of allRoutes) {
    const route = (await import(`../../lib/schemas/generated/${spec.id}.js`)).default as CompiledRoute;
    if (!route.validateBody) continue;
    const validate = eventValidator(route);
    const run = (body: unknown) => {
      validate({ body, pathParameters: {}, queryStringParameters: {} });
      for (const detail of validate.errors ?? []) if (detail.field.startsWith('body')) sentences.add(detail.message);
    };
    run({});
    for (const name of route.bodyNames ?? []) for (const value of WRONG) run({ [name]: structuredClone(value) });
  }
  return sentences;
}

describe("the console's Arabic for the API's refusals of a value", () => {
  it('words the common ones in Arabic, keeping the example and what was sent as the API gives them', () => {
    expect(problemInArabic('is required')).toBe('مطلوب');
    expect(problemInArabic('is required: a phone number with its country code, e.g. "+971501234567"')).toBe(
      'مطلوب: رقم هاتف يبدأ برمز الدولة، مثال: "+971501234567"',
    );
    expect(problemInArabic('must not be empty, e.g. "Layla Haddad"')).toBe('يجب ألا يكون فارغًا، مثال: "Layla Haddad"');
    expect(problemInArabic('must be at most 200 characters long; got 5000 characters')).toBe(
      'يجب ألا يزيد عدد أحرفه على 200؛ عدد أحرف المُرسَل 5000',
    );
    expect(
      problemInArabic(
        'must be at least 6 characters long and must be a phone number with its country code, e.g. +971501234567; got 3 characters',
      ),
    ).toBe(
      'يجب ألا يقل عدد أحرفه عن 6، ويجب أن يكون رقم هاتف يبدأ برمز الدولة، مثال: +971501234567؛ عدد أحرف المُرسَل 3',
    );
    expect(problemInArabic('must be one of USD, KRW, AED')).toBe('يجب أن يكون إحدى القيم: USD، KRW، AED');
    expect(problemInArabic('must be 0 or more; got -1')).toBe('يجب أن يكون 0 أو أكثر؛ المُرسَل -1');
    expect(problemInArabic('must be a whole number, e.g. 2022; got "abc"')).toBe(
      'يجب أن يكون عددًا صحيحًا، مثال: 2022؛ المُرسَل "abc"',
    );
  });

  it('understands every sentence the validators write for a wrong or missing body field of any route', async () => {
    const sentences = await validatorSentences();
    const notUnderstood = [...sentences].filter((sentence) => problemInArabic(sentence) === undefined);

    expect(sentences.size).toBeGreaterThan(500);
    expect(notUnderstood).toEqual([]);
  });

  it("shows a business rule's own words, and every sentence in English, as the API wrote them", () => {
    const rule = 'must be greater than 0 when useWalletBalance is true: the amount taken from the wallet, e.g. 18500';
    expect(problemInArabic(rule)).toBeUndefined();
    expect(problemWords('ar')(rule)).toBe(rule);
    expect(problemWords('en')('is required')).toBe('is required');
  });

  it('puts the Arabic next to the input in a form', () => {
    const error = {
      details: [
        { field: 'body.name', message: 'is required' },
        { field: 'path.id', message: 'must not be empty' },
      ],
    };

    expect(fieldErrors(error, problemWords('ar'))).toEqual({
      fields: { name: 'مطلوب' },
      other: ['path.id: يجب ألا يكون فارغًا'],
    });
    expect(fieldErrors(error).fields).toEqual({ name: 'is required' });
  });
});

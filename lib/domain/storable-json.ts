import type { FieldError } from './errors.js';

/** Levels of nesting a free-form field may have: DynamoDB stores at most 32 below the item, and the field sits a level or two down. */
export const MAX_JSON_DEPTH = 16;

const storableNumber = (n: number): boolean =>
  Number.isFinite(n) &&
  !(Number.isInteger(n) && !Number.isSafeInteger(n)) &&
  Math.abs(n) <= 9.9e125 &&
  (n === 0 || Math.abs(n) >= 1e-130);

/**
 * Free-form JSON the service stores as given (signedDocument, carDetails, customs documents, an
 * ID document) must also be storable: DynamoDB refuses empty map keys, numbers beyond its range
 * and nesting deeper than 32 levels, the DocumentClient refuses unsafe integers, and an item is
 * at most 400 KB. Checked up front so the caller gets a 400 naming the field instead of a failed write.
 */
export function storableJsonProblems(value: unknown, field: string, maxBytes: number): FieldError[] {
  const problems: FieldError[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  if (bytes > maxBytes) problems.push({ field, message: `must be at most ${maxBytes} bytes of JSON (it is ${bytes})` });
  const walk = (node: unknown, path: string, depth: number): void => {
    if (problems.length >= 5) return;
    if (typeof node === 'number') {
      if (!storableNumber(node))
        problems.push({
          field: path,
          message:
            'must be a number that can be stored exactly: a whole number must be within ±9007199254740991, any other between 1e-130 and 9.9e125 in size, e.g. 42000 (send a larger one as a string, e.g. "12345678901234567890")',
        });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= MAX_JSON_DEPTH) {
      problems.push({
        field: path,
        message: `must not be nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays are stored, e.g. {"engine": {"cc": 2497}} is 2`,
      });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, `${path}[${i}]`, depth + 1);
      });
    } else {
      for (const [key, child] of Object.entries(node)) {
        if (key === '')
          problems.push({
            field: path,
            message: 'must not have an empty key: every key names its value, e.g. {"color": "white"}',
          });
        else walk(child, `${path}.${key}`, depth + 1);
      }
    }
  };
  walk(value, field, 0);
  return problems;
}

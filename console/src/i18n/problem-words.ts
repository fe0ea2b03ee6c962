import type { Language } from './format.js';

/**
 * The API's sentences for a value its schema refuses (lib/schemas/field-errors.ts: "is required",
 * "must be at most 80 characters long", "must be a phone number with its country code, e.g.
 * +971501234567; got 5 characters") in Arabic, shown next to the input they concern. A sentence
 * is put into Arabic only when every part of it is understood; any other (a business rule's own
 * words) is shown as the API wrote it. Examples and values stay as the API gives them: they are
 * what is to be typed.
 */

/** What a field takes, as the API words it (field-errors.ts TYPE_NAMES, FORMATS and PATTERNS). */
const EXPECTED: Record<string, string> = {
  'a string': 'نصًا',
  'a number': 'رقمًا',
  'a whole number': 'عددًا صحيحًا',
  'true or false': 'true أو false',
  'an object': 'كائنًا (object)',
  'an array': 'قائمة',
  null: 'null',
  'a value': 'قيمة',
  'a phone number with its country code': 'رقم هاتف يبدأ برمز الدولة',
  'an ISO 4217 currency code': 'رمز عملة وفق ISO 4217',
  'an email address': 'عنوان بريد إلكتروني',
  'an absolute URL': 'عنوان URL كاملًا',
  'an id of lowercase letters and digits': 'معرّفًا من أحرف لاتينية صغيرة وأرقام',
  'a three-letter ISO 4217 currency code in capitals': 'رمز عملة من ثلاثة أحرف كبيرة وفق ISO 4217',
  'a three-letter currency code': 'رمز عملة من ثلاثة أحرف',
  'a web address starting with http:// or https://': 'عنوان ويب يبدأ بـ http:// أو https://',
  'a subdomain: lowercase letters, digits and hyphens': 'نطاقًا فرعيًا من أحرف لاتينية صغيرة وأرقام وشرطات',
  'an ISO 6346 container number: four capital letters and seven digits':
    'رقم حاوية وفق ISO 6346: أربعة أحرف كبيرة وسبعة أرقام',
  'a date and time with its time zone': 'تاريخًا ووقتًا مع المنطقة الزمنية',
  'an array of strings': 'قائمة نصوص',
  'an array of numbers': 'قائمة أرقام',
  'an array of whole numbers': 'قائمة أعداد صحيحة',
};

/** "A, B, … (14 in all)": the values as given, the count in Arabic. */
const listInArabic = (list: string) =>
  list
    .replace(/, /g, '، ')
    .replace(/ or /g, ' أو ')
    .replace(/ \((\d+) in all\)$/, ' ($1 إجمالًا)');

function expectedInArabic(expected: string): string | undefined {
  const known = EXPECTED[expected];
  if (known) return known;
  const dateTime = /^a date and time with its time zone, from (\d+) on$/.exec(expected);
  if (dateTime) return `تاريخًا ووقتًا مع المنطقة الزمنية، من سنة ${dateTime[1]} فصاعدًا`;
  const date = /^a calendar date from (\d+) on, written YYYY-MM-DD$/.exec(expected);
  if (date) return `تاريخًا من سنة ${date[1]} فصاعدًا بالصيغة YYYY-MM-DD`;
  const oneOf = /^one of (.+)$/.exec(expected);
  if (oneOf) return `إحدى القيم: ${listInArabic(oneOf[1]!)}`;
  // A constant, as JSON: the value itself.
  if (/^(".*"|-?\d[\d.]*|true|false|null)$/.test(expected)) return expected;
  // "an object with url (required), caption, … (12 fields)", "an array of objects with …": the field names as the API has them.
  const shape = /^(an object|an array of objects)(?: with (.+))?$/.exec(expected);
  if (shape) {
    const kind = shape[1] === 'an object' ? 'كائنًا (object)' : 'قائمة كائنات';
    const fields = shape[2]?.replace(/ \(required\)/g, ' (مطلوب)').replace(/ \((\d+) fields\)$/, ' ($1 حقلًا)');
    return fields ? `${kind} حقوله: ${listInArabic(fields)}` : kind;
  }
  const eachItem = /^an array, each item (.+)$/.exec(expected);
  if (eachItem) return expectedInArabic(eachItem[1]!) && `قائمة، كل عنصر فيها ${expectedInArabic(eachItem[1]!)}`;
  const either = expected.split(' or ');
  if (either.length > 1 && either.every((part) => EXPECTED[part]))
    return either.map((part) => EXPECTED[part]).join(' أو ');
  return undefined;
}

/** One clause of a sentence ("must not be empty"), or undefined when it is not one of the API's. */
const CLAUSES: Array<[RegExp, (...parts: string[]) => string | undefined]> = [
  [/^is required$/, () => 'مطلوب'],
  [
    /^is required: (.+)$/,
    (expected) => (expectedInArabic(expected!) ? `مطلوب: ${expectedInArabic(expected!)}` : undefined),
  ],
  [/^must not be empty$/, () => 'يجب ألا يكون فارغًا'],
  [/^must not be empty: give at least one field$/, () => 'يجب ألا يكون فارغًا: أعطِ حقلًا واحدًا على الأقل'],
  [/^must be at least (\d+) characters? long$/, (n) => `يجب ألا يقل عدد أحرفه عن ${n}`],
  [/^must be at most (\d+) characters? long$/, (n) => `يجب ألا يزيد عدد أحرفه على ${n}`],
  [/^must hold at least (\d+) items?$/, (n) => `يجب ألا يقل عدد عناصره عن ${n}`],
  [/^must hold at most (\d+) items?$/, (n) => `يجب ألا يزيد عدد عناصره على ${n}`],
  [/^must have at least (\d+) fields?$/, (n) => `يجب ألا يقل عدد حقوله عن ${n}`],
  [/^must have at most (\d+) fields?$/, (n) => `يجب ألا يزيد عدد حقوله على ${n}`],
  [/^must not repeat an item$/, () => 'يجب ألا يتكرر فيه عنصر'],
  [/^must be (-?[\d.]+) or more$/, (n) => `يجب أن يكون ${n} أو أكثر`],
  [/^must be (-?[\d.]+) or less$/, (n) => `يجب أن يكون ${n} أو أقل`],
  [/^must be more than (-?[\d.]+)$/, (n) => `يجب أن يكون أكبر من ${n}`],
  [/^must be less than (-?[\d.]+)$/, (n) => `يجب أن يكون أقل من ${n}`],
  [/^must be a multiple of (.+)$/, (n) => `يجب أن يكون من مضاعفات ${n}`],
  [/^must be one of (.+)$/, (list) => `يجب أن يكون إحدى القيم: ${listInArabic(list!)}`],
  [/^must be (.+), the only value it takes$/, (value) => `يجب أن يكون ${value}، القيمة الوحيدة التي يقبلها`],
  [/^must match the pattern (.+)$/, (pattern) => `يجب أن يطابق النمط ${pattern}`],
  [
    /^must be (.+)$/,
    (expected) => (expectedInArabic(expected!) ? `يجب أن يكون ${expectedInArabic(expected!)}` : undefined),
  ],
];

function clauseInArabic(clause: string): string | undefined {
  const example = /^(.+?), e\.g\. (.+)$/.exec(clause);
  const [rule, given] = example ? [example[1]!, example[2]!] : [clause, undefined];
  for (const [pattern, words] of CLAUSES) {
    const match = pattern.exec(rule);
    if (!match) continue;
    const arabic = words(...match.slice(1));
    return arabic && (given === undefined ? arabic : `${arabic}، مثال: ${given}`);
  }
  return undefined;
}

/** What was sent, as the API words it after "; got ". */
function sentInArabic(sent: string): string | undefined {
  const count = /^(\d+) (characters|items|fields)$/.exec(sent);
  if (count)
    return `عدد ${count[2] === 'characters' ? 'أحرف' : count[2] === 'items' ? 'عناصر' : 'حقول'} المُرسَل ${count[1]}`;
  const kinds: Record<string, string> = {
    'a string': 'نص',
    'a number': 'رقم',
    'an array': 'قائمة',
    'an object': 'كائن',
    'a number too large to be stored': 'رقم أكبر من أن يُخزَّن',
  };
  if (kinds[sent]) return `المُرسَل ${kinds[sent]}`;
  // A value as the API quotes it: JSON text, a number, true, false, null.
  if (/^(".*"?…?|-?[\d.e+-]+|true|false|null)$/.test(sent)) return `المُرسَل ${sent}`;
  return undefined;
}

/** The sentence in Arabic, or undefined when some part of it is not one the API writes for a refused value. */
export function problemInArabic(message: string): string | undefined {
  const got = message.lastIndexOf('; got ');
  const [main, sent] =
    got === -1 ? [message, undefined] : [message.slice(0, got), message.slice(got + '; got '.length)];
  const clauses = main.split(/ and (?=must |is )/).map(clauseInArabic);
  if (clauses.some((clause) => clause === undefined)) return undefined;
  const sentWords = sent === undefined ? undefined : sentInArabic(sent);
  if (sent !== undefined && sentWords === undefined) return undefined;
  return `${clauses.join('، و')}${sentWords ? `؛ ${sentWords}` : ''}`;
}

/** How the console words a problem's message in a language: Arabic where it can, else as the API wrote it. */
export const problemWords =
  (language: Language) =>
  (message: string): string =>
    language === 'ar' ? (problemInArabic(message) ?? message) : message;

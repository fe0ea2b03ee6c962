/**
 * ISO 6346 container numbers: owner code (3 letters), category (U, J or Z), a 6-digit serial and
 * a check digit. The check digit catches a mistyped letter or digit, as a customs broker's or a
 * carrier's system would at once.
 */

/** Letters count from 10, skipping the multiples of 11 (A=10, B=12 ... K=21, L=23 ...). */
const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  return values;
})();

/** The check digit of the first ten characters (four letters, six digits). */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const char = firstTen[i]!;
    sum += (LETTER_VALUES[char] ?? Number(char)) * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** What is wrong with a container number of the right shape (four capitals, seven digits), or undefined. */
export function containerNumberProblem(number: string): string | undefined {
  if (!'UJZ'.includes(number[3]!))
    return `must have U, J or Z as its fourth letter (the ISO 6346 equipment category), got ${number[3]}: e.g. MSCU1234566 (U: a freight container)`;
  const expected = containerCheckDigit(number.slice(0, 10));
  if (Number(number[10]) === expected) return undefined;
  return `has check digit ${number[10]}, but ISO 6346 gives ${expected} for ${number.slice(0, 10)}: check the number (it would be ${number.slice(0, 10)}${expected})`;
}

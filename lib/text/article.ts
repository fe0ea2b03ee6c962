/**
 * "a" or "an" before a word as it is read aloud: an admin, a marketer, an AED amount (ay-ee-dee),
 * a USD amount (you-ess-dee), an SAR amount (ess-ay-ar). Capitals are read letter by letter.
 */
export function withArticle(word: string): string {
  const letterByLetter = /^[A-Z]{2,}/.test(word);
  const vowelSound = letterByLetter ? /^[AEFHILMNORSX]/.test(word) : /^[aeio]|^u(n|s[^e])/i.test(word);
  return `${vowelSound ? 'an' : 'a'} ${word}`;
}

/**
 * The form of a name that a search by its beginning compares: what staff type matches however
 * the name was written. Letters lose their case and their marks (Latin accents, Arabic vowel
 * signs and the tatweel), so "jose" finds "José" and "محمد" finds "مُحَمَّد"; runs of spaces
 * count as one. Names are sorted by this form too, so a list reads alphabetically.
 */
export function nameSearchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '')
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

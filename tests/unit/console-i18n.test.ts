import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { ar } from '../../console/src/i18n/ar.js';
import { en } from '../../console/src/i18n/en.js';
import { raArabic } from '../../console/src/i18n/ra-arabic.js';

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

function values(messages: object): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object') walk(value, `${prefix}${key}.`);
      else out.set(`${prefix}${key}`, String(value));
    }
  };
  walk(messages, '');
  return out;
}

describe('console message catalogues', () => {
  it('has every console string in Arabic, with the same placeholders', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
    const english = values(en);
    for (const [key, text] of values(ar)) expect([key, placeholders(text)]).toEqual([key, placeholders(english.get(key)!)]);
  });

  it('has every react-admin string in Arabic, with the same placeholders', () => {
    expect(keys(raArabic).sort()).toEqual(keys(englishMessages).sort());
    const english = values(englishMessages);
    for (const [key, text] of values(raArabic)) expect([key, placeholders(text)]).toEqual([key, placeholders(english.get(key)!)]);
  });

  it('really is Arabic', () => {
    expect(ar.vpo.menu.orders).toMatch(/[\u0600-\u06FF]/);
    expect(raArabic.ra.action.save).toMatch(/[\u0600-\u06FF]/);
  });
});

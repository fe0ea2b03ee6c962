/**
 * What a WhatsApp message template is and the rules it is filled by: its languages, its shape
 * (lib/text/chat-templates.ts holds the catalogue), the parameters Meta accepts and the text a
 * recipient reads. Apart from the catalogue, so a function that sends one template (the contract)
 * carries that template alone.
 */
export const CHAT_LANGUAGES = ['en', 'ar'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

export interface ChatTemplateDefinition {
  key: string;
  /** Meta's category: every message here is about an order the recipient is part of. */
  category: 'UTILITY';
  /** What each placeholder {{1}}, {{2}}, ... holds, in order. */
  parameters: readonly string[];
  /** Example values Meta reviews the template with, one per placeholder. */
  examples: readonly string[];
  body: Record<ChatLanguage, string>;
}

/** The {{n}} placeholders a body uses, as numbers in order of appearance. */
export const placeholdersOf = (body: string): number[] =>
  [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));

/** Meta refuses parameters with new lines, tabs or more than four spaces in a row. */
export const templateParameter = (value: string): string =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim() || '-';

/** The text the recipient reads: the body with its placeholders filled; undefined when the parameters do not fit it. */
export function renderTemplate(
  template: ChatTemplateDefinition,
  language: ChatLanguage,
  parameters: readonly string[],
): string | undefined {
  if (parameters.length !== template.parameters.length) return undefined;
  return template.body[language].replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? '');
}

export const isChatLanguage = (value: unknown): value is ChatLanguage =>
  typeof value === 'string' && (CHAT_LANGUAGES as readonly string[]).includes(value);

/** A template message as sent: which approved template, in which language, with its values. */
export interface ChatTemplate {
  /** The template's name as approved in WhatsApp Business Manager. */
  name: string;
  /** Its language and locale code, e.g. "en" or "en_US". */
  language: string;
  /** Values for the body placeholders {{1}}, {{2}}, … in order. */
  parameters: string[];
}

import { whatsappTemplatePrefix } from '../config.js';
import { isChatLanguage, renderTemplate, type ChatLanguage } from '../text/chat-template.js';
import { chatTemplate } from '../text/chat-templates.js';
import type { ChatMessage } from './message.js';

/** A template message under this stage's name for the catalogue entry `key`. */
export function templateMessage(to: string, key: string, language: ChatLanguage, parameters: string[]): ChatMessage {
  return { to, template: { name: `${whatsappTemplatePrefix()}${key}`, language, parameters } };
}

export type Rendering = { text: string } | { problem: 'unknown-template' | 'parameter-count' };

/**
 * What the recipient reads: the text itself, or a template of this stage's catalogue with its
 * parameters filled in. A template that is not in the catalogue (in that language) or is given
 * the wrong number of parameters would be refused by Meta, and is reported instead.
 */
export function renderMessage(message: ChatMessage): Rendering {
  if ('text' in message) return { text: message.text };
  const prefix = whatsappTemplatePrefix();
  const { name, language, parameters } = message.template;
  const definition = name.startsWith(prefix) ? chatTemplate(name.slice(prefix.length)) : undefined;
  if (!definition || !isChatLanguage(language)) return { problem: 'unknown-template' };
  const text = renderTemplate(definition, language, parameters);
  return text === undefined ? { problem: 'parameter-count' } : { text };
}

import type { Language } from './format.js';

/**
 * The console's current language, shared by react-admin's translations and the page's direction
 * (theme, Emotion cache, <html dir>). A language picked with the switch is remembered in this
 * browser; otherwise the signed-in person's own language applies.
 */
const CHOSEN = 'vpo.console.language';
// Read at first use, not when the module loads (the unit tests load it without a browser).
let current: Language | undefined;
const listeners = new Set<() => void>();

export function readChosen(): Language | null {
  const value = localStorage.getItem(CHOSEN);
  return value === 'en' || value === 'ar' ? value : null;
}

export function rememberChoice(language: Language): void {
  localStorage.setItem(CHOSEN, language);
}

export const languageStore = {
  get: (): Language => (current ??= readChosen() ?? 'en'),
  set(language: Language): void {
    if (language === languageStore.get()) return;
    current = language;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

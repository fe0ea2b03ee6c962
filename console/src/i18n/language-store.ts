import type { Language } from './format.js';

/**
 * The console's current language, shared by react-admin's translations and the page's direction
 * (theme, Emotion cache, <html dir>). A language picked with the switch is remembered in this
 * browser; otherwise the signed-in person's own language applies.
 */
const CHOSEN = 'vpo.console.language';
let current: Language = readChosen() ?? 'en';
const listeners = new Set<() => void>();

export function readChosen(): Language | null {
  const value = localStorage.getItem(CHOSEN);
  return value === 'en' || value === 'ar' ? value : null;
}

export function rememberChoice(language: Language): void {
  localStorage.setItem(CHOSEN, language);
}

export const languageStore = {
  get: (): Language => current,
  set(language: Language): void {
    if (language === current) return;
    current = language;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

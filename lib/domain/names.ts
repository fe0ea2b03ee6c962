import { invalidField } from './errors.js';

/** A person's name as stored: trimmed, and never blank (a name of spaces would be stored empty). */
export function personName(value: string, field: string): string {
  const name = value.trim();
  if (name === '') throw invalidField(field, 'must not be blank: give letters, not only spaces, e.g. "Layla Haddad"');
  return name;
}

/** A list's filter as react-admin gives it, read into the API's query values. */
export type Filter = Record<string, unknown>;

/** A filled-in text, trimmed; nothing for an empty input. */
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A number typed in; nothing for an empty input or one that is not a number. */
export const num = (value: unknown): number | undefined =>
  value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? undefined : Number(value);

/** A day picked in a filter, as the start or the end of that day (UTC); a full time passes as it is. */
export const day = (value: unknown, end: boolean): string | undefined => {
  const text = str(value);
  if (!text) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : text;
};

/** An error as one short log line. */
export function oneLine(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

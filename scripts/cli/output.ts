/** Output of the staff CLI: JSON with --json, readable lines and tables otherwise. */

export const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

export function table(headers: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ['(none)'];
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** Prints the JSON form with --json, the human form otherwise; never both. */
export function emit(
  ctx: { json: boolean; target: { target: { kind: string }; description: string } },
  json: unknown,
  human: string[],
): void {
  if (ctx.json) {
    console.log(JSON.stringify(json, null, 2));
    return;
  }
  // Writing to AWS is worth a reminder of where the change went.
  const header = ctx.target.target.kind === 'aws' ? [`[${ctx.target.description}]`] : [];
  console.log([...header, ...human].join('\n'));
}

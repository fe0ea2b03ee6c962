import type { Role } from '../../lib/domain/caller.js';

/** A demo key as `npm start` prints it and keeps it in `.local/demo-keys.json`. */
export interface DemoKey {
  label: string;
  key: string;
  role: Role;
  tenantId?: string;
  userId?: string;
}

export function printKeyTable(keys: readonly DemoKey[]): void {
  const rows = keys.map((k) => [k.label, k.role, k.tenantId ?? '(platform)', k.key]);
  const headers = ['who', 'role', 'tenant', 'X-API-Key'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    [
      '',
      'Demo API keys (local only):',
      line(headers),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
      '',
    ].join('\n'),
  );
}

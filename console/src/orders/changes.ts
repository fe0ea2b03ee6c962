/**
 * What changed between the order a person had open and the one the API has now, for the
 * version-conflict message: each top-level field whose value differs, with both values.
 */
const IGNORED = new Set(['version', 'updatedAt', 'documents', 'allowedStatusTransitions', 'statusHistory']);

export interface Change {
  field: string;
  before: string;
  after: string;
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Change[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => !IGNORED.has(field))
    .sort();
  const out: Change[] = [];
  for (const field of fields) {
    const a = show(before[field]);
    const b = show(after[field]);
    if (a !== b)
      out.push({
        field,
        before: a.length > 120 ? `${a.slice(0, 117)}...` : a,
        after: b.length > 120 ? `${b.slice(0, 117)}...` : b,
      });
  }
  const history = (record: Record<string, unknown>) =>
    Array.isArray(record.statusHistory) ? record.statusHistory.length : 0;
  if (history(after) > history(before))
    out.unshift({ field: 'statusHistory', before: `${history(before)}`, after: `${history(after)}` });
  return out;
}

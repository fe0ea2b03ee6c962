/**
 * The order's timeline: status moves, audit records and chat messages in one list, newest first.
 */
export interface TimelineEntry {
  at: string;
  kind: 'status' | 'audit' | 'message';
  key: string;
}

export function mergeTimeline<T extends TimelineEntry>(...lists: T[][]): T[] {
  return lists.flat().sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.key.localeCompare(b.key)));
}

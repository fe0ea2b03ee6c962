import { describe, expect, it } from 'vitest';
import {
  decodeFeedCursor,
  encodeFeedCursor,
  FEED_START,
  nextFeedPage,
  type FeedCursor,
} from '../../lib/domain/event-feed.js';

/** Events at second `s` of a fixed minute, sorted as the table sorts them. */
const at = (s: number, id: string) => ({ sk: `2026-11-23T10:00:${String(s).padStart(2, '0')}.000Z#${id}`, id });
const horizonAt = (s: number) => `2026-11-23T10:00:${String(s).padStart(2, '0')}.000Z`;
const sorted = <T extends { sk: string }>(items: T[]) => [...items].sort((a, b) => a.sk.localeCompare(b.sk));
const after = (cursor: FeedCursor, items: Array<{ sk: string; id: string }>) =>
  sorted(items).filter((item) => item.sk > cursor.safe);

describe('the event feed cursor', () => {
  it('returns a late-committing event that sorts before ones already returned, and nothing twice', () => {
    const early = [at(10, 'a'), at(12, 'c')];
    // Horizon at second 5: nothing is settled yet.
    const first = nextFeedPage(FEED_START, after(FEED_START, early), {
      limit: 10,
      horizon: horizonAt(5),
      exhausted: true,
      maxSeen: 100,
    });
    expect(first.page.map((e) => e.id)).toEqual(['a', 'c']);
    // "b" (second 11) commits after "c" was handed out.
    const later = [...early, at(11, 'b'), at(13, 'd')];
    const second = nextFeedPage(first.cursor, after(first.cursor, later), {
      limit: 10,
      horizon: horizonAt(6),
      exhausted: true,
      maxSeen: 100,
    });
    expect(second.page.map((e) => e.id)).toEqual(['b', 'd']);
    const third = nextFeedPage(second.cursor, after(second.cursor, later), {
      limit: 10,
      horizon: horizonAt(7),
      exhausted: true,
      maxSeen: 100,
    });
    expect(third.page).toEqual([]);
  });

  it('moves its safe point only up to the settle horizon, then forgets what it no longer needs', () => {
    const events = [at(10, 'a'), at(20, 'b'), at(30, 'c')];
    const step = nextFeedPage(FEED_START, events, { limit: 10, horizon: horizonAt(25), exhausted: true, maxSeen: 100 });
    expect(step.cursor.safe).toBe(horizonAt(25));
    expect(step.cursor.seen).toEqual(['c']);
  });

  it('pages by limit without losing the rest of the page', () => {
    const events = Array.from({ length: 7 }, (_, i) => at(10 + i, `e${i}`));
    const seen: string[] = [];
    let cursor = FEED_START;
    for (let round = 0; round < 5; round += 1) {
      const step = nextFeedPage(cursor, after(cursor, events), {
        limit: 3,
        horizon: horizonAt(30),
        exhausted: true,
        maxSeen: 100,
      });
      seen.push(...step.page.map((e) => e.id));
      cursor = step.cursor;
    }
    expect(seen).toEqual(events.map((e) => e.id));
  });

  it('keeps a page short rather than a cursor too long for a URL', () => {
    const events = Array.from({ length: 20 }, (_, i) => at(40 + (i % 10), `r${i}`));
    const step = nextFeedPage(FEED_START, sorted(events), {
      limit: 20,
      horizon: horizonAt(5),
      exhausted: true,
      maxSeen: 8,
    });
    expect(step.cursor.seen.length).toBeLessThanOrEqual(8);
    expect(step.page.length).toBe(8);
    // The next page goes on from there: every event once in the end.
    const rest = nextFeedPage(step.cursor, after(step.cursor, events), {
      limit: 20,
      horizon: horizonAt(59),
      exhausted: true,
      maxSeen: 100,
    });
    expect(new Set([...step.page, ...rest.page].map((e) => e.id)).size).toBe(20);
  });

  it('leaves out the types not asked for, and still moves past them', () => {
    const events = [
      { ...at(10, 'a'), type: 'order.created' },
      { ...at(11, 'b'), type: 'wallet.transaction_created' },
      { ...at(12, 'c'), type: 'order.created' },
    ];
    const step = nextFeedPage(FEED_START, events, {
      limit: 10,
      horizon: horizonAt(50),
      exhausted: true,
      maxSeen: 100,
      wanted: (e) => e.type === 'order.created',
    });
    expect(step.page.map((e) => e.id)).toEqual(['a', 'c']);
    expect(step.cursor).toEqual({ safe: horizonAt(50), seen: [] });
  });

  it('does not step past events it has not read when the read was cut short', () => {
    const step = nextFeedPage(FEED_START, [at(10, 'a'), at(11, 'b')], {
      limit: 10,
      horizon: horizonAt(50),
      exhausted: false,
      maxSeen: 100,
    });
    expect(step.cursor.safe).toBe(at(11, 'b').sk);
  });

  it('encodes to an opaque string and refuses anything else', () => {
    const cursor = { safe: horizonAt(3), seen: ['evt_a', 'evt_b'] };
    expect(decodeFeedCursor(encodeFeedCursor(cursor))).toEqual(cursor);
    expect(decodeFeedCursor('not-a-cursor')).toBeUndefined();
    expect(decodeFeedCursor(Buffer.from('{"s":1}').toString('base64url'))).toBeUndefined();
  });

  it.each([1_000, 10_000])(
    'reads a burst of %i events within 30 s, committing out of order, to the end: each once, with a cursor of bounded length',
    (count) => {
      // Deterministic shuffle: events stamped within 30 s become visible in another order.
      let seed = count;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const start = Date.parse('2026-11-23T10:00:00.000Z');
      const events = Array.from({ length: count }, (_, i) => {
        const stamp = start + Math.floor(random() * 30_000);
        return {
          sk: `${new Date(stamp).toISOString()}#evt_${String(i).padStart(24, '0')}`,
          id: `evt_${String(i).padStart(24, '0')}`,
          visibleAt: stamp + Math.floor(random() * 5_000),
        };
      });
      const settle = 30_000;
      const read: string[] = [];
      let cursor = FEED_START;
      let longest = 0;
      const bySk = sorted(events);
      // A reader polling every second from the start of the burst until a minute after it.
      for (let now = start; now <= start + 90_000; now += 1_000) {
        for (let round = 0; round < 200; round += 1) {
          // As the use case reads: limit + seen + 1 events after the safe point.
          const visible = bySk.filter((e) => e.sk > cursor.safe && e.visibleAt <= now);
          const max = 200 + cursor.seen.length + 1;
          const step = nextFeedPage(cursor, visible.slice(0, max), {
            limit: 200,
            horizon: new Date(now - settle).toISOString(),
            exhausted: visible.length <= max,
            maxSeen: 8,
          });
          read.push(...step.page.map((e) => e.id));
          cursor = step.cursor;
          longest = Math.max(longest, encodeFeedCursor(cursor).length);
          if (step.page.length === 0) break;
        }
      }

      expect(read.length).toBe(count);
      expect(new Set(read).size).toBe(count);
      expect(longest).toBeLessThanOrEqual(500);
      console.log(`burst of ${count} events: longest cursor ${longest} characters`);
    },
  );
});

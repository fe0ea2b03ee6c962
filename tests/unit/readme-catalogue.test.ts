/**
 * docs/notifications.md shows the WhatsApp template catalogue operators submit to Meta; it must be the
 * catalogue the service sends (`npm run -s cli -- chat templates --markdown` prints it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHAT_TEMPLATES } from '../../lib/text/chat-templates.js';
import { markdownCatalogue } from '../../scripts/cli/commands/chat.js';

describe('the documented template catalogue', () => {
  it('is the catalogue the service sends, every template in both languages', () => {
    const readme = readFileSync(new URL('../../docs/notifications.md', import.meta.url), 'utf8');
    const table = markdownCatalogue();

    expect(table).toHaveLength(CHAT_TEMPLATES.length + 2);
    expect(readme).toContain(table.join('\n'));
  });
});

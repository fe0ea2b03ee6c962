// `node --import ./scripts/documents/fonts.mjs`: lets a script import the renderer's font files.
import { register } from 'node:module';

register('./font-hooks.mjs', import.meta.url);

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from './s3rver.js';

/** The request being answered, for the store, signature and event hooks and the last-resort handler. */
export const requests = new AsyncLocalStorage<Context>();

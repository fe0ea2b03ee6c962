import { createId, isCuid } from '@paralleldrive/cuid2';

export const newId = (): string => createId();
export const looksLikeId = (value: string): boolean => isCuid(value);

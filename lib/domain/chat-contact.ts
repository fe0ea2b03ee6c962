import type { ChatLanguage } from '../text/chat-template.js';

/**
 * What a person's own messages to the business number change: WhatsApp's 24-hour customer
 * service window (free-form text is accepted only inside it) and their opt-out.
 */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60_000;

/** Whether free-form text may reach this person now: they wrote to us less than 24 hours ago. */
export function windowOpen(lastInboundAt: string | undefined, now: Date): boolean {
  if (lastInboundAt === undefined) return false;
  const since = now.getTime() - Date.parse(lastInboundAt);
  return Number.isFinite(since) && since < CUSTOMER_WINDOW_MS;
}

/** The words that stop or restart a person's order messages, in English and Arabic. */
const STOP_WORDS: Record<string, ChatLanguage> = {
  stop: 'en',
  unsubscribe: 'en',
  'opt out': 'en',
  'opt-out': 'en',
  إيقاف: 'ar',
  ايقاف: 'ar',
  توقف: 'ar',
  أوقف: 'ar',
  اوقف: 'ar',
  'إلغاء الاشتراك': 'ar',
  'الغاء الاشتراك': 'ar',
};
const START_WORDS: Record<string, ChatLanguage> = {
  start: 'en',
  subscribe: 'en',
  unstop: 'en',
  ابدأ: 'ar',
  ابدا: 'ar',
  تشغيل: 'ar',
  اشتراك: 'ar',
};

export interface OptOutIntent {
  optOut: boolean;
  language: ChatLanguage;
}

/**
 * "STOP" (or its Arabic equivalent) alone in a message opts out, "START" opts back in; any
 * other text is an ordinary message. Case, surrounding spaces and punctuation do not matter.
 */
export function optOutIntent(text: string): OptOutIntent | undefined {
  const word = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s.!؟?،,]+$/u, '')
    .replace(/^[\s.!؟?،,]+/u, '')
    .replace(/\s+/g, ' ');
  if (word in STOP_WORDS) return { optOut: true, language: STOP_WORDS[word]! };
  if (word in START_WORDS) return { optOut: false, language: START_WORDS[word]! };
  return undefined;
}

/** The reply to an opt-out or opt-in: free-form text, sent inside the window the person's message just opened. */
export function optOutAcknowledgement(intent: OptOutIntent): string {
  if (intent.language === 'ar') {
    return intent.optOut
      ? 'تم إيقاف رسائل طلباتك. أرسل "ابدأ" لاستئنافها في أي وقت.'
      : 'تم استئناف رسائل طلباتك. أرسل "إيقاف" لإيقافها في أي وقت.';
  }
  return intent.optOut
    ? 'You will no longer receive order updates here. Reply START at any time to resume them.'
    : 'Order updates are back on. Reply STOP at any time to stop them.';
}

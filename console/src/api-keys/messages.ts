import { plural } from '../i18n/plural.js';

/** The API keys' words: issuing, revoking and rotating a key. */
const en = {
  resources: {
    'api-keys': {
      name: 'API key |||| API keys',
      notifications: { created: 'API key issued.' },
      fields: {
        name: 'Name',
        prefix: 'Starts with',
        role: 'Role',
        userId: 'Staff member',
        allowedRoutes: 'Routes',
        createdAt: 'Created',
        expiresAt: 'Expires',
        lastUsedAt: 'Last used',
        revokedAt: 'Revoked',
        state: 'State',
      },
    },
  },
  vpo: {
    menu: { keys: 'API keys' },
    admin: {
      newKey: 'Issue a key',
      issueAnother: 'Issue another key',
      backToKeys: 'Back to the keys',
      keyShownOnce: 'The new key, shown this once. Copy it now: it cannot be read again.',
      revoke: 'Revoke',
      revokeTitle: 'Revoke key %{name}?',
      revokeContent: 'Every request with it is refused within seconds, and a revoked key cannot be used again.',
      rotate: 'Rotate',
      rotateTitle: 'Rotate key %{name}?',
      rotateContent:
        'A new key is issued now and shown once; whoever uses this key must switch to it. The old key keeps working for the time you choose, then stops.',
      grace: 'The old key keeps working',
      graceNone: 'Not at all: it stops now',
      graceHour: 'For 1 hour',
      graceDay: 'For 24 hours',
      graceWeek: 'For 7 days',
      graceMonth: 'For 30 days (the longest)',
      revoked: 'Key revoked.',
      revokedState: 'revoked',
      expired: 'expired',
    },
  },
};

const ar: typeof en = {
  resources: {
    'api-keys': {
      name: plural('ar', { one: 'مفتاح API', other: 'مفاتيح API' }),
      notifications: { created: 'تم إصدار مفتاح API.' },
      fields: {
        name: 'الاسم',
        prefix: 'يبدأ بـ',
        role: 'الدور',
        userId: 'الموظف',
        allowedRoutes: 'المسارات',
        createdAt: 'تاريخ الإنشاء',
        expiresAt: 'ينتهي في',
        lastUsedAt: 'آخر استخدام',
        revokedAt: 'أُلغي في',
        state: 'الحالة',
      },
    },
  },
  vpo: {
    menu: { keys: 'مفاتيح API' },
    admin: {
      newKey: 'إصدار مفتاح',
      issueAnother: 'إصدار مفتاح آخر',
      backToKeys: 'العودة إلى المفاتيح',
      keyShownOnce: 'المفتاح الجديد، يُعرض هذه المرة فقط. انسخه الآن: لا يمكن قراءته مجددًا.',
      revoke: 'إلغاء',
      revokeTitle: 'إلغاء المفتاح %{name}؟',
      revokeContent: 'سيُرفض كل طلب به خلال ثوانٍ، ولا يمكن استخدام المفتاح الملغى مرة أخرى.',
      rotate: 'تدوير',
      rotateTitle: 'تدوير المفتاح %{name}؟',
      rotateContent:
        'يُصدر مفتاح جديد الآن ويُعرض مرة واحدة؛ وعلى من يستخدم هذا المفتاح الانتقال إليه. يظل المفتاح القديم صالحًا للمدة التي تختارها ثم يتوقف.',
      grace: 'يظل المفتاح القديم صالحًا',
      graceNone: 'لا: يتوقف الآن',
      graceHour: 'لمدة ساعة واحدة',
      graceDay: 'لمدة 24 ساعة',
      graceWeek: 'لمدة 7 أيام',
      graceMonth: 'لمدة 30 يومًا (الحد الأقصى)',
      revoked: 'تم إلغاء المفتاح.',
      revokedState: 'ملغى',
      expired: 'منتهي',
    },
  },
};

export const apiKeysMessages = { en, ar };

import { plural } from '../i18n/plural.js';

/** The webhook endpoints' words: the endpoints, their delivery log, tests and replays. */
const en = {
  resources: {
    'webhook-endpoints': {
      name: 'Webhook endpoint |||| Webhook endpoints',
      notifications: {
        created: 'Webhook endpoint added.',
        updated: 'Webhook endpoint updated.',
        deleted: 'Webhook endpoint deleted.',
      },
      fields: {
        url: 'URL',
        description: 'Description',
        eventTypes: 'Events',
        enabled: 'Enabled',
        consecutiveFailures: 'Failures in a row',
        lastSuccessAt: 'Last success',
        lastFailureAt: 'Last failure',
        disabledReason: 'Disabled because',
      },
    },
  },
  vpo: {
    menu: { webhooks: 'Webhooks' },
    admin: {
      addAnother: 'Add another endpoint',
      backToEndpoints: 'Back to the endpoints',
      newEndpoint: 'Add an endpoint',
      secretShownOnce: 'The signing secret, shown this once:',
      test: 'Send a test event',
      tested: 'Test event sent: %{status}.',
      replay: 'Replay',
      replaySince: 'Replay everything since',
      replayed: '%{smart_count} delivery is due again. |||| %{smart_count} deliveries are due again.',
      deliveries: 'Delivery log',
      delivery: {
        status: 'Status',
        eventType: 'Event',
        attempts: 'Attempts',
        lastError: 'Last error',
        eventTimestamp: 'Event time',
      },
      failing: 'failing since %{date}',
    },
  },
};

const ar: typeof en = {
  resources: {
    'webhook-endpoints': {
      name: plural('ar', { one: 'نقطة Webhook', other: 'نقاط Webhook' }),
      notifications: {
        created: 'تمت إضافة نقطة Webhook.',
        updated: 'تم تحديث نقطة Webhook.',
        deleted: 'تم حذف نقطة Webhook.',
      },
      fields: {
        url: 'الرابط',
        description: 'الوصف',
        eventTypes: 'الأحداث',
        enabled: 'مفعّلة',
        consecutiveFailures: 'إخفاقات متتالية',
        lastSuccessAt: 'آخر نجاح',
        lastFailureAt: 'آخر إخفاق',
        disabledReason: 'سبب التعطيل',
      },
    },
  },
  vpo: {
    menu: { webhooks: 'Webhooks' },
    admin: {
      addAnother: 'إضافة نقطة أخرى',
      backToEndpoints: 'العودة إلى النقاط',
      newEndpoint: 'إضافة نقطة',
      secretShownOnce: 'سر التوقيع، يُعرض هذه المرة فقط:',
      test: 'إرسال حدث تجريبي',
      tested: 'أُرسل الحدث التجريبي: %{status}.',
      replay: 'إعادة الإرسال',
      replaySince: 'إعادة إرسال كل شيء منذ',
      replayed: plural('ar', {
        zero: 'لا توجد عمليات تسليم مستحقة مجددًا.',
        one: 'عملية تسليم واحدة مستحقة مجددًا.',
        two: 'عمليتا تسليم مستحقتان مجددًا.',
        few: '%{smart_count} عمليات تسليم مستحقة مجددًا.',
        many: '%{smart_count} عملية تسليم مستحقة مجددًا.',
        other: '%{smart_count} عملية تسليم مستحقة مجددًا.',
      }),
      deliveries: 'سجل التسليم',
      delivery: {
        status: 'الحالة',
        eventType: 'الحدث',
        attempts: 'المحاولات',
        lastError: 'آخر خطأ',
        eventTimestamp: 'وقت الحدث',
      },
      failing: 'متعثرة منذ %{date}',
    },
  },
};

export const webhooksMessages = { en, ar };

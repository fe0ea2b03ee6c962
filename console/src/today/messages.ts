/** Today's words: what waits on the signed-in person. */
const en = {
  vpo: {
    menu: { today: 'Today' },
    today: {
      myInspections: 'Your inspections',
      myInspectionsHelp: 'Inspections assigned to you that are still to do, by date',
      undated: 'no date set yet',
      title: 'Today',
      hello: 'Good day, %{name}',
      receipts: 'Receipts to confirm',
      receiptsHelp: 'Orders whose deposit or payment waits for confirmation',
      blocked: 'Orders waiting on a requirement',
      blockedHelp: 'The newest open orders whose next move something blocks',
      deadlines: 'Export deadlines in the next 14 days',
      failingWebhooks: 'Failing webhook endpoints',
      failedMessages: 'Failed chat messages',
      byStatus: 'Orders by status',
      inspections: 'Orders waiting for inspection',
      nothing: 'Nothing is waiting. ',
      due: 'due %{date}',
      kind: { 'load-by': 'load by', 'completion-report': 'completion report' },
    },
  },
};

const ar: typeof en = {
  vpo: {
    menu: { today: 'اليوم' },
    today: {
      myInspections: 'فحوصاتك',
      myInspectionsHelp: 'الفحوصات المسندة إليك التي لم تُنجز بعد، حسب الموعد',
      undated: 'لم يُحدَّد موعد بعد',
      title: 'اليوم',
      hello: 'يومك سعيد، %{name}',
      receipts: 'إيصالات بانتظار التأكيد',
      receiptsHelp: 'طلبات ينتظر عربونها أو دفعتها التأكيد',
      blocked: 'طلبات بانتظار متطلب',
      blockedHelp: 'أحدث الطلبات المفتوحة التي تعيق خطوتَها التالية متطلباتٌ ناقصة',
      deadlines: 'مواعيد التصدير خلال 14 يومًا',
      failingWebhooks: 'نقاط Webhook المتعثرة',
      failedMessages: 'رسائل محادثة فاشلة',
      byStatus: 'الطلبات حسب الحالة',
      inspections: 'طلبات بانتظار الفحص',
      nothing: 'لا شيء بانتظارك. ',
      due: 'مستحق %{date}',
      kind: { 'load-by': 'التحميل قبل', 'completion-report': 'تقرير الإتمام' },
    },
  },
};

export const todayMessages = { en, ar };

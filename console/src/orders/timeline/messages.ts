/** An order's timeline, in words: its moves, audit records and chat messages. */
const en = {
  vpo: {
    orders: {
      timeline: 'Timeline',
      history: 'Status history',
      auditTrail: 'Audit records',
      notifications: 'Messages',
      notificationTo: 'to %{to}',
      events: {
        'order.created': 'Order placed',
        'deposit.confirmed': 'Deposit confirmed',
        'inspection.scheduled': 'Inspection scheduled',
        'inspection.completed': 'Inspection completed',
        'contract.sent': 'Contract sent',
        'contract.ready': 'Contract to sign',
        'contract.signed': 'Contract signed',
        'payment.confirmed': 'Payment confirmed',
        'order.purchased': 'Car purchased',
        'order.shipped': 'Car shipped',
        'order.delivered': 'Car delivered',
        'order.cancelled': 'Order cancelled',
        'shipment.booked': 'Shipment booked',
        'shipment.departed': 'Ship departed',
        'shipment.arrived': 'Ship arrived',
      },
      auditChanged: 'changed: %{fields}',
      deliveryStatus: {
        accepted: 'accepted',
        sent: 'sent',
        delivered: 'delivered',
        read: 'read',
        failed: 'failed',
        skipped: 'skipped',
        unknown: 'unknown',
      },
      exportStepRecorded: '%{step} recorded, dated %{day}',
      statusFrom: '%{from} → %{to}',
    },
  },
};

const ar: typeof en = {
  vpo: {
    orders: {
      timeline: 'السجل الزمني',
      history: 'تاريخ الحالات',
      auditTrail: 'سجلات التدقيق',
      notifications: 'الرسائل',
      notificationTo: 'إلى %{to}',
      events: {
        'order.created': 'تم تقديم الطلب',
        'deposit.confirmed': 'تأكيد العربون',
        'inspection.scheduled': 'جدولة الفحص',
        'inspection.completed': 'اكتمال الفحص',
        'contract.sent': 'إرسال العقد',
        'contract.ready': 'عقد للتوقيع',
        'contract.signed': 'توقيع العقد',
        'payment.confirmed': 'تأكيد الدفعة',
        'order.purchased': 'شراء السيارة',
        'order.shipped': 'شحن السيارة',
        'order.delivered': 'تسليم السيارة',
        'order.cancelled': 'إلغاء الطلب',
        'shipment.booked': 'حجز الشحن',
        'shipment.departed': 'مغادرة السفينة',
        'shipment.arrived': 'وصول السفينة',
      },
      auditChanged: 'تغيّر: %{fields}',
      deliveryStatus: {
        accepted: 'مقبولة',
        sent: 'أُرسلت',
        delivered: 'سُلّمت',
        read: 'قُرئت',
        failed: 'فشلت',
        skipped: 'تم تخطيها',
        unknown: 'غير معروفة',
      },
      exportStepRecorded: 'تم تسجيل %{step} بتاريخ %{day}',
      statusFrom: '%{from} ← %{to}',
    },
  },
};

export const timelineMessages = { en, ar };

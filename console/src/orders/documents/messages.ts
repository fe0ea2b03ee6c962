/** An order's generated documents, in words. */
const en = {
  vpo: {
    documents: {
      title: 'Generated documents',
      generate: 'Generate',
      type: 'Document',
      language: 'Language',
      types: { 'customs-invoice': 'Commercial invoice', 'proforma-invoice': 'Proforma invoice', contract: 'Contract' },
      generated: 'Document generated.',
      versions: 'All versions',
      version: 'v%{version} · %{language} · %{date}',
      refused: 'This document cannot be generated yet: it would print blanks. Missing:',
      group: {
        profile: 'Company profile',
        customsInvoice: 'Customs invoice of this order',
        car: 'The car (on the order, its contract or the customs invoice)',
        shipment: 'Shipment',
        other: 'Other',
      },
      fillProfile: 'Fill in the company profile',
      askAdmin: 'An admin fills in the company profile.',
      details: 'Details: %{message}',
    },
  },
};

const ar: typeof en = {
  vpo: {
    documents: {
      title: 'المستندات المُنشأة',
      generate: 'إنشاء',
      type: 'المستند',
      language: 'اللغة',
      types: { 'customs-invoice': 'فاتورة تجارية', 'proforma-invoice': 'فاتورة مبدئية', contract: 'عقد' },
      generated: 'تم إنشاء المستند.',
      versions: 'كل الإصدارات',
      version: 'الإصدار %{version} · %{language} · %{date}',
      refused: 'لا يمكن إنشاء هذا المستند بعد: ستبقى فيه خانات فارغة. الناقص:',
      group: {
        profile: 'ملف الشركة',
        customsInvoice: 'الفاتورة الجمركية لهذا الطلب',
        car: 'السيارة (في الطلب أو عقده أو الفاتورة الجمركية)',
        shipment: 'الشحنة',
        other: 'غير ذلك',
      },
      fillProfile: 'استكمال ملف الشركة',
      askAdmin: 'يستكمل المسؤول ملف الشركة.',
      details: 'التفاصيل: %{message}',
    },
  },
};

export const documentsMessages = { en, ar };

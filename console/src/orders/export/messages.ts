/** An order's export steps, in words. */
const en = {
  vpo: {
    export: {
      title: 'Export',
      steps: 'Export steps',
      step: {
        deregistration: 'Export deregistration',
        'bonded-area': 'Bonded area',
        'export-declaration': 'Export declaration',
        'completion-report': 'Completion report',
      },
      record: 'Record',
      date: 'Date',
      documentUrl: 'Document (URL)',
      number: 'Declaration number',
      location: 'Location',
      loadBy: 'load by %{date}',
      dueBy: 'completion report due %{date}',
      recorded: 'Export step recorded.',
      notYet: 'not yet',
    },
  },
};

const ar: typeof en = {
  vpo: {
    export: {
      title: 'التصدير',
      steps: 'خطوات التصدير',
      step: {
        deregistration: 'شطب التسجيل للتصدير',
        'bonded-area': 'المنطقة الجمركية',
        'export-declaration': 'بيان التصدير',
        'completion-report': 'تقرير الإتمام',
      },
      record: 'تسجيل',
      date: 'التاريخ',
      documentUrl: 'المستند (رابط)',
      number: 'رقم البيان',
      location: 'الموقع',
      loadBy: 'التحميل قبل %{date}',
      dueBy: 'تقرير الإتمام مستحق في %{date}',
      recorded: 'تم تسجيل خطوة التصدير.',
      notYet: 'لم تتم بعد',
    },
  },
};

export const exportMessages = { en, ar };

/** An order's billing entries, in words. */
const en = {
  vpo: {
    billing: {
      title: 'Billing entries',
      record: 'Record a billing entry',
      type: 'Type',
      invoice: 'Invoice',
      receipt: 'Receipt',
      amount: 'Amount',
      currency: 'Currency',
      description: 'Description',
      invoiceNumber: 'Invoice number',
      receiptFileUrl: 'Proof of payment (URL)',
      pdfUrl: 'Document URL',
      attach: 'Attach document',
      confirm: 'Confirm',
      confirmed: 'Confirmed %{date}',
      pending: 'Pending',
      status: 'Status',
      recorded: 'Billing entry recorded.',
      confirmedNote: 'Billing entry confirmed.',
      attached: 'Document attached.',
      secondApprover: 'Another person must confirm this entry (the tenant requires a second approver).',
    },
  },
};

const ar: typeof en = {
  vpo: {
    billing: {
      title: 'القيود المالية',
      record: 'تسجيل قيد مالي',
      type: 'النوع',
      invoice: 'فاتورة',
      receipt: 'إيصال',
      amount: 'المبلغ',
      currency: 'العملة',
      description: 'الوصف',
      invoiceNumber: 'رقم الفاتورة',
      receiptFileUrl: 'إثبات الدفع (رابط)',
      pdfUrl: 'رابط المستند',
      attach: 'إرفاق مستند',
      confirm: 'تأكيد',
      confirmed: 'تم التأكيد %{date}',
      pending: 'قيد الانتظار',
      status: 'الحالة',
      recorded: 'تم تسجيل القيد.',
      confirmedNote: 'تم تأكيد القيد.',
      attached: 'تم إرفاق المستند.',
      secondApprover: 'يجب أن يؤكد هذا القيد شخص آخر (تشترط الجهة موافقة ثانية).',
    },
  },
};

export const billingMessages = { en, ar };

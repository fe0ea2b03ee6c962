import type { Inspection } from '../../api/types.js';

type InspectionStatus = Inspection['status'];

/** An order's inspections, in words. */
const en = {
  vpo: {
    inspections: {
      title: 'Inspections',
      schedule: 'Schedule an inspection',
      inspector: 'Inspector',
      date: 'Date and time',
      notes: 'Notes',
      photos: 'Photos',
      photoUrl: 'Photo URL',
      addPhoto: 'Add photo',
      reportUrl: 'Report (URL)',
      status: { Pending: 'Pending', InProgress: 'In progress', Completed: 'Completed', Cancelled: 'Cancelled' },
      // One inspection's dialog: named by its inspector; its moves said as steps.
      one: 'Inspection by %{inspector}',
      nextStep: 'Next step',
      noChange: 'No change (%{status})',
      next: {
        InProgress: 'Start the inspection',
        Completed: 'Complete the inspection',
        Cancelled: 'Cancel the inspection',
      } satisfies Record<Exclude<InspectionStatus, 'Pending'>, string>,
      scheduled: 'Inspection scheduled.',
      updated: 'Inspection updated.',
      noInspectors: 'No active inspector in this tenant yet: add one under Staff.',
      loadingInspectors: 'Loading the inspectors…',
    },
  },
};

const ar: typeof en = {
  vpo: {
    inspections: {
      title: 'الفحوصات',
      schedule: 'جدولة فحص',
      inspector: 'الفاحص',
      date: 'التاريخ والوقت',
      notes: 'ملاحظات',
      photos: 'الصور',
      photoUrl: 'رابط الصورة',
      addPhoto: 'إضافة صورة',
      reportUrl: 'التقرير (رابط)',
      status: { Pending: 'قيد الانتظار', InProgress: 'قيد التنفيذ', Completed: 'مكتمل', Cancelled: 'ملغى' },
      one: 'فحص يجريه %{inspector}',
      nextStep: 'الخطوة التالية',
      noChange: 'دون تغيير (%{status})',
      next: { InProgress: 'بدء الفحص', Completed: 'إكمال الفحص', Cancelled: 'إلغاء الفحص' },
      scheduled: 'تمت جدولة الفحص.',
      updated: 'تم تحديث الفحص.',
      noInspectors: 'لا يوجد فاحص نشط في هذه الجهة بعد: أضف واحدًا من «الموظفون».',
      loadingInspectors: 'جارٍ تحميل الفاحصين…',
    },
  },
};

export const inspectionsMessages = { en, ar };

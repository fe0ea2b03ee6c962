/** The buyer's tracking link, in words. */
const en = {
  vpo: {
    tracking: {
      title: "Buyer's tracking page",
      link: 'Link',
      issuedAt: 'Issued',
      endsAt: 'Stops working',
      none: 'This order has no link to a tracking page.',
      replace: 'Issue a new link',
      replaceTitle: "Issue a new link to the buyer's tracking page?",
      replaceContent: 'The current link stops working at once: the buyer will need the new one.',
      replaced: 'A new link was issued and the old one no longer works. Send the new one to the buyer.',
    },
  },
};

const ar: typeof en = {
  vpo: {
    tracking: {
      title: 'صفحة التتبّع للمشتري',
      link: 'الرابط',
      issuedAt: 'تاريخ الإصدار',
      endsAt: 'يتوقف عن العمل في',
      none: 'لا يوجد لهذا الطلب رابط لصفحة تتبّع.',
      replace: 'إصدار رابط جديد',
      replaceTitle: 'إصدار رابط جديد لصفحة التتبّع للمشتري؟',
      replaceContent: 'يتوقف الرابط الحالي عن العمل فورًا، وسيحتاج المشتري إلى الرابط الجديد.',
      replaced: 'صدر رابط جديد ولم يعد الرابط القديم يعمل. أرسل الرابط الجديد إلى المشتري.',
    },
  },
};

export const trackingMessages = { en, ar };

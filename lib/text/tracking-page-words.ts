/**
 * The words of the buyer's tracking page (lib/pages/tracking-page.ts), in the buyer's words
 * rather than the staff's statuses, in English and Arabic.
 */
export type PageLanguage = 'en' | 'ar';
export const PAGE_LANGUAGES: readonly PageLanguage[] = ['en', 'ar'];

export interface TrackingWords {
  /** The language's own name, for the switch. */
  languageName: string;
  title: (orderNumber: number) => string;
  greeting: (name: string) => string;
  /** The badge: "on its way" only once the car is shipped. */
  stage: { 'in-progress': string; shipped: string; delivered: string; cancelled: string };
  /** A cancelled order: no "where your car is", and plain words about the money. */
  cancelled: {
    greeting: (name: string) => string;
    notice: (day: string | undefined) => string;
    /** Money received or being checked: what becomes of it is the seller's to say, so nothing is promised. */
    moneyReceived: string;
    /** A wallet-paid order with no refund recorded (it has no deposit). */
    walletPaid: string;
    /** Cancelling a wallet-paid order refunds its wallet at once (lib/use-cases/orders/change-order-status.ts). */
    walletRefunded: (day: string) => string;
  };
  nextStep: string;
  car: {
    heading: string;
    year: string;
    mileage: string;
    km: string;
    colour: string;
    vinEnding: string;
    noPhoto: string;
  };
  milestonesHeading: string;
  milestone: Record<
    | 'ordered'
    | 'depositConfirmed'
    | 'inspectionScheduled'
    | 'inspected'
    | 'contractSigned'
    | 'paymentConfirmed'
    | 'purchased'
    | 'deregistered'
    | 'exportDeclared'
    | 'departed'
    | 'arrived'
    | 'delivered',
    string
  >;
  done: string;
  expected: string;
  voyage: {
    heading: string;
    vessel: string;
    voyage: string;
    carrier: string;
    container: string;
    from: string;
    to: string;
    departure: string;
    arrival: string;
    billOfLading: string;
    estimated: string;
    actual: string;
    method: Record<string, string>;
  };
  inspection: {
    heading: string;
    plannedFor: string;
    doneOn: string;
    scheduled: string;
    inProgress: string;
    completed: string;
    photos: string;
    report: string;
  };
  money: {
    heading: string;
    total: string;
    confirmed: string;
    awaiting: string;
    remaining: string;
    paidFromWallet: string;
    returnedToWallet: string;
    paidInFull: string;
    /** Money received in another currency: shown, not converted. */
    otherConfirmed: string;
    otherAwaiting: string;
    otherNote: string;
  };
  papers: {
    heading: string;
    none: string;
    kind: { contract: string; 'proforma-invoice': string; 'customs-invoice': string; 'inspection-report': string };
    /** Said after a paper that is not in the page's language. */
    inLanguage: Record<PageLanguage, string>;
    linkNote: string;
  };
  /** The original papers' journey (lib/domain/document-courier.ts), under the papers. */
  courier: {
    heading: string;
    /** `carrier` undefined for a courier the page does not name (other). */
    sent: (carrier: string | undefined, day: string) => string;
    trackingNumber: string;
    follow: (carrier: string) => string;
    telex: string;
  };
  /** Who the car is consigned to: the buyer's form, until the bill of lading is recorded. */
  consignee: {
    heading: string;
    intro: string;
    received: (day: string) => string;
    change: string;
    locked: string;
    field: Record<'name' | 'address' | 'city' | 'country' | 'phone' | 'email' | 'idNumber' | 'notifyParty', string>;
    idEnding: string;
    optional: string;
    send: string;
    /** The form came back: what is wrong, next to each field. */
    problem: { required: string; tooLong: (max: number) => string; phone: string; email: string };
    fix: string;
    expired: string;
  };
  contact: { heading: string; whatsapp: string; none: string };
  footer: string;
  notFound: { title: string; body: string };
  tooMany: { title: string; body: string };
  unavailable: { title: string; body: string };
}

const en: TrackingWords = {
  languageName: 'English',
  title: (n) => `Order #${n}`,
  greeting: (name) => `Hello ${name}, here is where your car is.`,
  stage: { 'in-progress': 'In progress', shipped: 'On its way', delivered: 'Delivered', cancelled: 'Cancelled' },
  cancelled: {
    greeting: (name) => `Hello ${name}.`,
    notice: (day) => (day ? `This order was cancelled on ${day}.` : 'This order was cancelled.'),
    moneyReceived: 'We will contact you about the money we received for this order, your deposit included.',
    walletPaid: 'We will contact you about the amount paid from your wallet for this order.',
    walletRefunded: (day) => `The amount paid from your wallet went back to your wallet on ${day}.`,
  },
  nextStep: 'Next',
  car: {
    heading: 'Your car',
    year: 'Year',
    mileage: 'Mileage',
    km: 'km',
    colour: 'Colour',
    vinEnding: 'VIN ends with',
    noPhoto: 'No photo yet',
  },
  milestonesHeading: 'From your order to delivery',
  milestone: {
    ordered: 'Order placed',
    depositConfirmed: 'Deposit confirmed',
    inspectionScheduled: 'Inspection booked',
    inspected: 'Car inspected',
    contractSigned: 'Contract signed',
    paymentConfirmed: 'Payment confirmed',
    purchased: 'Car bought at auction',
    deregistered: 'Deregistered for export in Korea',
    exportDeclared: 'Export declaration accepted',
    departed: 'Left Korea',
    arrived: 'Arrived at the port of destination',
    delivered: 'Delivered to you',
  },
  done: 'Done',
  expected: 'Expected',
  voyage: {
    heading: 'The voyage',
    vessel: 'Vessel',
    voyage: 'Voyage',
    carrier: 'Shipping line',
    container: 'Container',
    from: 'From',
    to: 'To',
    departure: 'Departure',
    arrival: 'Arrival',
    billOfLading: 'Bill of lading',
    estimated: 'expected',
    actual: 'on',
    method: { roro: 'Roll-on/roll-off ship', container: 'Container' },
  },
  inspection: {
    heading: 'Inspection',
    plannedFor: 'Planned for',
    doneOn: 'Done on',
    scheduled: 'Booked',
    inProgress: 'Under way',
    completed: 'Completed',
    photos: 'Photos from the inspection',
    report: 'Inspection report',
  },
  money: {
    heading: 'Payments',
    total: 'Order total',
    confirmed: 'Received and confirmed',
    awaiting: 'Received, being checked',
    remaining: 'Still to pay',
    paidFromWallet: 'Paid from your wallet',
    returnedToWallet: 'Returned to your wallet',
    paidInFull: 'Paid in full',
    otherConfirmed: 'Also received and confirmed',
    otherAwaiting: 'Also received, being checked',
    otherNote:
      'Amounts in another currency are listed as received and are not in the totals above; ask us on WhatsApp how they count towards your order.',
  },
  papers: {
    heading: 'Your papers',
    none: 'Your contract and invoices will appear here once they are ready.',
    kind: {
      contract: 'Signed sales contract',
      'proforma-invoice': 'Proforma invoice',
      'customs-invoice': 'Commercial invoice (for customs)',
      'inspection-report': 'Inspection report',
    },
    inLanguage: { en: '(English)', ar: '(Arabic)' },
    linkNote: 'Download links work for a few minutes; open this page again for new ones.',
  },
  courier: {
    heading: 'Original papers',
    sent: (carrier, day) => `Sent to you by ${carrier ?? 'courier'} on ${day}`,
    trackingNumber: 'Tracking number',
    follow: (carrier) => `Follow the parcel on ${carrier}'s site`,
    telex: 'Released by telex: there are no original papers to wait for.',
  },
  consignee: {
    heading: 'Consignee: whose name goes on the shipping papers',
    intro:
      'Tell us who receives the car at the destination. The bill of lading and the invoices will carry these details.',
    received: (day) => `Received on ${day}. Thank you.`,
    change: 'Change these details',
    locked: 'The bill of lading has been issued with these details. To change them, contact your sales contact below.',
    field: {
      name: 'Full name or company',
      address: 'Address',
      city: 'City',
      country: 'Country',
      phone: 'Phone, with the country code',
      email: 'E-mail',
      idNumber: 'ID, passport or trade licence number',
      notifyParty: 'Notify party (who the shipping line tells on arrival)',
    },
    idEnding: 'ID number ending',
    optional: '(optional)',
    send: 'Send',
    problem: {
      required: 'Please fill this in.',
      tooLong: (max) => `Please keep this to ${max} characters.`,
      phone: 'Write the number with its country code, for example +971501234567.',
      email: 'Write an e-mail address such as name@example.com, or leave it empty.',
    },
    fix: 'Please check the details marked below.',
    expired: 'This form had expired, so nothing was saved. Please check the details and send them again.',
  },
  contact: {
    heading: 'Questions?',
    whatsapp: 'Message on WhatsApp',
    none: 'Reply to the WhatsApp message that brought you here.',
  },
  footer: 'This page is private to you: anyone with its link can see it, so please do not share it.',
  notFound: {
    title: 'Link not found',
    body: 'This link does not work: it may have been replaced by a newer one, or it has expired. Ask us on WhatsApp for your current link.',
  },
  tooMany: {
    title: 'Please wait a moment',
    body: 'Too many requests came from your connection. Try again in a minute.',
  },
  unavailable: {
    title: 'Please try again shortly',
    body: 'We cannot show your order right now. Try again in a minute.',
  },
};

const ar: TrackingWords = {
  languageName: 'العربية',
  title: (n) => `الطلب #${n}`,
  greeting: (name) => `مرحباً ${name}، هنا تجد أين وصلت سيارتك.`,
  stage: { 'in-progress': 'قيد التنفيذ', shipped: 'في الطريق إليك', delivered: 'تم التسليم', cancelled: 'ملغى' },
  cancelled: {
    greeting: (name) => `مرحباً ${name}.`,
    notice: (day) => (day ? `تم إلغاء هذا الطلب في ${day}.` : 'تم إلغاء هذا الطلب.'),
    moneyReceived: 'سنتواصل معك بخصوص المبالغ التي استلمناها لهذا الطلب، بما فيها العربون.',
    walletPaid: 'سنتواصل معك بخصوص المبلغ المدفوع من محفظتك لهذا الطلب.',
    walletRefunded: (day) => `أُعيد المبلغ المدفوع من محفظتك إلى محفظتك في ${day}.`,
  },
  nextStep: 'التالي',
  car: {
    heading: 'سيارتك',
    year: 'سنة الصنع',
    mileage: 'المسافة المقطوعة',
    km: 'كم',
    colour: 'اللون',
    vinEnding: 'آخر أرقام رقم الهيكل',
    noPhoto: 'لا توجد صورة بعد',
  },
  milestonesHeading: 'من طلبك حتى التسليم',
  milestone: {
    ordered: 'تم تقديم الطلب',
    depositConfirmed: 'تم تأكيد العربون',
    inspectionScheduled: 'تم تحديد موعد الفحص',
    inspected: 'تم فحص السيارة',
    contractSigned: 'تم توقيع العقد',
    paymentConfirmed: 'تم تأكيد الدفع',
    purchased: 'تم شراء السيارة من المزاد',
    deregistered: 'تم شطب السيارة للتصدير في كوريا',
    exportDeclared: 'تم قبول بيان التصدير',
    departed: 'غادرت كوريا',
    arrived: 'وصلت إلى ميناء الوصول',
    delivered: 'تم تسليمها إليك',
  },
  done: 'تم',
  expected: 'متوقع',
  voyage: {
    heading: 'الشحن',
    vessel: 'السفينة',
    voyage: 'رقم الرحلة',
    carrier: 'خط الشحن',
    container: 'الحاوية',
    from: 'من',
    to: 'إلى',
    departure: 'المغادرة',
    arrival: 'الوصول',
    billOfLading: 'بوليصة الشحن',
    estimated: 'متوقع',
    actual: 'في',
    method: { roro: 'سفينة دحرجة (رورو)', container: 'حاوية' },
  },
  inspection: {
    heading: 'الفحص',
    plannedFor: 'الموعد المحدد',
    doneOn: 'تاريخ إجراء الفحص',
    scheduled: 'محدد',
    inProgress: 'جارٍ',
    completed: 'مكتمل',
    photos: 'صور الفحص',
    report: 'تقرير الفحص',
  },
  money: {
    heading: 'المدفوعات',
    total: 'إجمالي الطلب',
    confirmed: 'المبلغ المستلم والمؤكد',
    awaiting: 'مبلغ مستلم قيد التحقق',
    remaining: 'المتبقي للدفع',
    paidFromWallet: 'مدفوع من محفظتك',
    returnedToWallet: 'أُعيد إلى محفظتك',
    paidInFull: 'مدفوع بالكامل',
    otherConfirmed: 'مستلم ومؤكد أيضًا',
    otherAwaiting: 'مستلم أيضًا، قيد التحقق',
    otherNote:
      'المبالغ بعملة أخرى مدرجة كما استُلمت وغير محتسبة في المجاميع أعلاه؛ اسألنا عبر واتساب عن احتسابها ضمن طلبك.',
  },
  papers: {
    heading: 'مستنداتك',
    none: 'ستظهر هنا العقد والفواتير عندما تصبح جاهزة.',
    kind: {
      contract: 'عقد البيع الموقّع',
      'proforma-invoice': 'الفاتورة المبدئية',
      'customs-invoice': 'الفاتورة التجارية (للجمارك)',
      'inspection-report': 'تقرير الفحص',
    },
    inLanguage: { en: '(بالإنجليزية)', ar: '(بالعربية)' },
    linkNote: 'روابط التنزيل صالحة لبضع دقائق؛ افتح هذه الصفحة من جديد للحصول على روابط جديدة.',
  },
  courier: {
    heading: 'المستندات الأصلية',
    sent: (carrier, day) => `أُرسلت إليك ${carrier ? `عبر ${carrier}` : 'بالبريد السريع'} بتاريخ ${day}`,
    trackingNumber: 'رقم التتبع',
    follow: (carrier) => `تتبّع الطرد على موقع ${carrier}`,
    telex: 'أُفرج عن السيارة بالتلكس: لا توجد مستندات أصلية بانتظارها.',
  },
  consignee: {
    heading: 'المرسَل إليه: من تُسلَّم السيارة باسمه',
    intro: 'أخبرنا من سيستلم السيارة في بلد الوصول. ستحمل بوليصة الشحن والفواتير هذه البيانات.',
    received: (day) => `استلمنا بياناتك بتاريخ ${day}. شكراً لك.`,
    change: 'تعديل هذه البيانات',
    locked: 'صدرت بوليصة الشحن بهذه البيانات. لتعديلها تواصل مع مسؤول المبيعات أدناه.',
    field: {
      name: 'الاسم الكامل أو اسم الشركة',
      address: 'العنوان',
      city: 'المدينة',
      country: 'الدولة',
      phone: 'رقم الهاتف مع رمز الدولة',
      email: 'البريد الإلكتروني',
      idNumber: 'رقم الهوية أو جواز السفر أو الرخصة التجارية',
      notifyParty: 'الطرف المُخطَر (من تبلغه شركة الشحن عند الوصول)',
    },
    idEnding: 'رقم الهوية ينتهي بـ',
    optional: '(اختياري)',
    send: 'إرسال',
    problem: {
      required: 'يرجى تعبئة هذا الحقل.',
      tooLong: (max) => `يرجى ألا يزيد عن ${max} حرفاً.`,
      phone: 'اكتب الرقم مع رمز الدولة، مثل ‎+971501234567.',
      email: 'اكتب بريداً إلكترونياً مثل name@example.com أو اتركه فارغاً.',
    },
    fix: 'يرجى مراجعة البيانات المشار إليها أدناه.',
    expired: 'انتهت صلاحية هذا النموذج فلم يُحفظ شيء. يرجى مراجعة البيانات وإرسالها مرة أخرى.',
  },
  contact: {
    heading: 'لديك سؤال؟',
    whatsapp: 'راسلنا على واتساب',
    none: 'ردّ على رسالة واتساب التي وصلتك منها هذه الصفحة.',
  },
  footer: 'هذه الصفحة خاصة بك: يستطيع رؤيتها كل من لديه رابطها، لذا يرجى عدم مشاركته.',
  notFound: {
    title: 'الرابط غير موجود',
    body: 'هذا الرابط لا يعمل: ربما استُبدل برابط أحدث أو انتهت صلاحيته. اطلب رابطك الحالي منا على واتساب.',
  },
  tooMany: { title: 'يرجى الانتظار قليلاً', body: 'وصلت طلبات كثيرة من اتصالك. حاول مرة أخرى بعد دقيقة.' },
  unavailable: { title: 'يرجى المحاولة بعد قليل', body: 'لا يمكننا عرض طلبك الآن. حاول مرة أخرى بعد دقيقة.' },
};

export const TRACKING_WORDS: Record<PageLanguage, TrackingWords> = { en, ar };

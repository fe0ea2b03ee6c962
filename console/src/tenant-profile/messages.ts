import type { ArabicDigits } from '../api/enums.js';

/** The company profile's words. */
const en = {
  vpo: {
    menu: { profile: 'Company profile' },
    profile: {
      title: 'Company profile',
      intro: 'The seller that every invoice and contract names, with its bank account, logo and stamp.',
      section: {
        legalName: 'Legal name',
        address: 'Address',
        registration: 'Registration and contact',
        bank: 'Bank account',
        shipping: 'Shipping terms',
        arabic: 'Documents in Arabic',
        images: 'Logo and stamp',
        needs: 'What each document still needs',
      },
      phoneHelp: 'With its country code, e.g. +97143334444',
      iban: 'IBAN',
      ibanHelp: 'Spaces allowed, e.g. AE07 0331 2345 6789 0123 456',
      accountNumberHelp: "Where the bank's country has no IBANs (Korea, the US)",
      swiftHelp: '8 or 11 letters and digits, e.g. EBILAEAD',
      incotermsHelp: 'Printed on invoices that name none of their own',
      digits: { western: 'Western (1,500.50)', 'arabic-indic': 'Arabic-Indic (١٬٥٠٠٫٥٠)' } satisfies Record<
        ArabicDigits,
        string
      >,
      digitsHelp: 'For amounts, dates and quantities; codes, VINs, IBANs and phone numbers stay as written',
      saved: 'Company profile saved.',
      conflict:
        'Someone else changed the profile while you had it open. It has been reloaded: check it and save again.',
      readOnly: 'Only an admin may change the company profile.',
      updated: 'Last changed %{date}',
      ready: 'Nothing missing',
      image: {
        logo: { upload: 'Upload a logo', remove: 'Remove the logo', help: 'Printed at the top of every document' },
        stamp: { upload: 'Upload a stamp', remove: 'Remove the stamp', help: 'Printed beside the signature' },
      },
      imageNone: 'None yet',
      imageFacts: '%{width} × %{height} px · %{kb} KB',
      imageTypes: 'PNG or JPEG',
      uploaded: 'Image uploaded.',
      removed: 'Image removed.',
    },
  },
};

const ar: typeof en = {
  vpo: {
    menu: { profile: 'ملف الشركة' },
    profile: {
      title: 'ملف الشركة',
      intro: 'البائع الذي تذكره كل فاتورة وكل عقد، مع حسابه البنكي وشعاره وختمه.',
      section: {
        legalName: 'الاسم القانوني',
        address: 'العنوان',
        registration: 'التسجيل والتواصل',
        bank: 'الحساب البنكي',
        shipping: 'شروط الشحن',
        arabic: 'المستندات باللغة العربية',
        images: 'الشعار والختم',
        needs: 'ما ينقص كل مستند',
      },
      phoneHelp: 'مع رمز الدولة، مثل \u2066+97143334444\u2069',
      iban: 'رقم الحساب الدولي (IBAN)',
      ibanHelp: 'يُسمح بالمسافات، مثل AE07 0331 2345 6789 0123 456',
      accountNumberHelp: 'حيث لا تستخدم دولة البنك أرقام IBAN (كوريا، الولايات المتحدة)',
      swiftHelp: '8 أو 11 حرفًا ورقمًا، مثل EBILAEAD',
      incotermsHelp: 'تُطبع على الفواتير التي لا تحدد شروطًا خاصة بها',
      digits: { western: 'غربية (1,500.50)', 'arabic-indic': 'هندية (١٬٥٠٠٫٥٠)' },
      digitsHelp: 'للمبالغ والتواريخ والكميات؛ الرموز وأرقام الهياكل والآيبان والهواتف تبقى كما كُتبت',
      saved: 'تم حفظ ملف الشركة.',
      conflict: 'غيّر شخص آخر الملف أثناء فتحك له. أُعيد تحميله: راجعه واحفظه مرة أخرى.',
      readOnly: 'لا يغيّر ملف الشركة إلا المسؤول.',
      updated: 'آخر تغيير %{date}',
      ready: 'لا ينقصه شيء',
      image: {
        logo: { upload: 'رفع شعار', remove: 'إزالة الشعار', help: 'يُطبع أعلى كل مستند' },
        stamp: { upload: 'رفع ختم', remove: 'إزالة الختم', help: 'يُطبع بجانب التوقيع' },
      },
      imageNone: 'لا يوجد بعد',
      imageFacts: '%{width} × %{height} بكسل · %{kb} كيلوبايت',
      imageTypes: 'PNG أو JPEG',
      uploaded: 'تم رفع الصورة.',
      removed: 'تمت إزالة الصورة.',
    },
  },
};

export const tenantProfileMessages = { en, ar };

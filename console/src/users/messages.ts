import { plural } from '../i18n/plural.js';

/** The staff's words: the list, a new person, deactivating one. */
const en = {
  resources: {
    users: {
      name: 'Staff member |||| Staff',
      notifications: { created: 'Staff member added.', updated: 'Staff member updated.' },
      fields: {
        name: 'Name',
        role: 'Role',
        mobileNumber: 'Mobile number',
        email: 'E-mail',
        language: 'Language',
        active: 'Active',
        createdAt: 'Created',
      },
    },
  },
  vpo: {
    menu: { users: 'Staff' },
    admin: {
      deactivate: 'Deactivate',
      deactivated: 'Staff member deactivated; their keys no longer work.',
      reactivateHint: 'Turn on and save to let them work again; they need new API keys.',
      deactivateTitle: 'Deactivate %{name}?',
      deactivateContent:
        'Every API key of theirs stops working at once, so they can no longer sign in or call the API. Making them active again does not bring the keys back: they need new ones.',
      newUser: 'Add a staff member',
    },
  },
};

const ar: typeof en = {
  resources: {
    users: {
      name: plural('ar', { one: 'موظف', other: 'الموظفون' }),
      notifications: { created: 'تمت إضافة الموظف.', updated: 'تم تحديث بيانات الموظف.' },
      fields: {
        name: 'الاسم',
        role: 'الدور',
        mobileNumber: 'رقم الجوال',
        email: 'البريد الإلكتروني',
        language: 'اللغة',
        active: 'نشط',
        createdAt: 'تاريخ الإنشاء',
      },
    },
  },
  vpo: {
    menu: { users: 'الموظفون' },
    admin: {
      deactivate: 'إيقاف',
      deactivated: 'تم إيقاف الموظف؛ مفاتيحه لم تعد تعمل.',
      reactivateHint: 'فعّله واحفظ ليعود إلى العمل؛ سيحتاج إلى مفاتيح API جديدة.',
      deactivateTitle: 'إيقاف %{name}؟',
      deactivateContent:
        'تتوقف كل مفاتيح API الخاصة به فورًا، فلا يعود بإمكانه تسجيل الدخول أو استخدام الواجهة البرمجية. وإعادة تفعيله لاحقًا لا تعيد المفاتيح: سيحتاج إلى مفاتيح جديدة.',
      newUser: 'إضافة موظف',
    },
  },
};

export const usersMessages = { en, ar };

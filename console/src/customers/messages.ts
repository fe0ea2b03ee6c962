import { plural } from '../i18n/plural.js';

/** The customers' words: the list, the customer, the wallet. */
const en = {
  resources: {
    customers: {
      name: 'Customer |||| Customers',
      notifications: { created: 'Customer created.' },
      fields: {
        name: 'Name',
        mobileNumber: 'Mobile number',
        email: 'E-mail',
        idNumber: 'ID number',
        country: 'Country',
        address: 'Address',
        language: 'Chat language',
        walletCurrency: 'Wallet currency',
        walletBalance: 'Wallet balance',
        createdAt: 'Created',
        q: 'Name or phone',
      },
    },
  },
  vpo: {
    menu: { customers: 'Customers' },
    customers: {
      searchFallback: 'Search by the full phone number with its country code (e.g. +971501234567).',
      wallet: 'Wallet',
      balance: 'Balance',
      ledger: 'Ledger',
      orders: 'Orders',
      newOrder: 'New order for this customer',
      movement: 'Record a wallet movement',
      movementType: {
        credit: 'Credit',
        debit: 'Debit',
        adjustment: 'Adjustment',
        refund: 'Refund',
        payment_deduction: 'Order payment',
      },
      direction: 'Direction',
      increase: 'Increase',
      decrease: 'Decrease',
      recorded: 'Wallet movement recorded.',
      walletCurrency: 'The wallet holds %{currency}: a movement is in its currency, never converted.',
      delta: 'Change',
      balanceAfter: 'Balance after',
    },
  },
};

const ar: typeof en = {
  resources: {
    customers: {
      name: plural('ar', { one: 'عميل', other: 'العملاء' }),
      notifications: { created: 'تم إنشاء العميل.' },
      fields: {
        name: 'الاسم',
        mobileNumber: 'رقم الجوال',
        email: 'البريد الإلكتروني',
        idNumber: 'رقم الهوية',
        country: 'الدولة',
        address: 'العنوان',
        language: 'لغة المحادثة',
        walletCurrency: 'عملة المحفظة',
        walletBalance: 'رصيد المحفظة',
        createdAt: 'تاريخ الإنشاء',
        q: 'الاسم أو الهاتف',
      },
    },
  },
  vpo: {
    menu: { customers: 'العملاء' },
    customers: {
      searchFallback: 'ابحث برقم الهاتف كاملًا مع رمز الدولة (مثل +971501234567).',
      wallet: 'المحفظة',
      balance: 'الرصيد',
      ledger: 'دفتر الحركات',
      orders: 'الطلبات',
      newOrder: 'طلب جديد لهذا العميل',
      movement: 'تسجيل حركة على المحفظة',
      movementType: {
        credit: 'إيداع',
        debit: 'خصم',
        adjustment: 'تسوية',
        refund: 'استرداد',
        payment_deduction: 'دفعة طلب',
      },
      direction: 'الاتجاه',
      increase: 'زيادة',
      decrease: 'نقص',
      recorded: 'تم تسجيل حركة المحفظة.',
      walletCurrency: 'رصيد المحفظة بعملة %{currency}: تُسجَّل الحركة بعملتها ولا تُحوَّل.',
      delta: 'التغيّر',
      balanceAfter: 'الرصيد بعدها',
    },
  },
};

export const customersMessages = { en, ar };

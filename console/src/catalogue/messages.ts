import { plural } from '../i18n/plural.js';

/** The catalogue's words: the cars, their filters and prices. */
const en = {
  resources: {
    cars: {
      name: 'Car |||| Cars',
      fields: {
        title: 'Car',
        makeEn: 'Make',
        modelEn: 'Model',
        year: 'Year',
        kilometers: 'Mileage (km)',
        fuelType: 'Fuel',
        transmission: 'Transmission',
        color: 'Colour',
        price: 'Auction price (10,000 KRW)',
        convertedPrice: 'Price',
        provider: 'Auction',
        city: 'City',
        auctionDate: 'Auction date',
        search: 'Search',
        yearFrom: 'Year from',
        yearTo: 'Year to',
        priceFrom: 'Price from (10,000 KRW)',
        priceTo: 'Price to (10,000 KRW)',
        kmTo: 'Mileage up to (km)',
        currency: 'Price in',
      },
    },
  },
  vpo: {
    menu: { cars: 'Catalogue' },
    cars: {
      priceIn: 'Price in',
      noRate: 'No price in %{currency}: %{reason}',
      photos: 'Photos',
      orderFor: 'Order this car for a customer',
      customerPhone: 'Customer phone',
      findCustomer: 'Find customer',
      pickCustomer: 'Customer',
      options: 'Options',
      damage: 'Damage history',
      rawPrice: '%{price} × 10,000 KRW at auction',
      photo: 'Photo %{n} of %{car}',
      sold: 'Sold at auction on %{date}: no longer for sale, so it cannot be ordered.',
      withdrawn: 'Withdrawn from auction on %{date}: no longer for sale, so it cannot be ordered.',
      priceHistory: 'Price changes',
      priceChange: '%{from} → %{to}',
    },
  },
};

const ar: typeof en = {
  resources: {
    cars: {
      name: plural('ar', { one: 'سيارة', other: 'السيارات' }),
      fields: {
        title: 'السيارة',
        makeEn: 'الشركة المصنّعة',
        modelEn: 'الطراز',
        year: 'سنة الصنع',
        kilometers: 'المسافة المقطوعة (كم)',
        fuelType: 'الوقود',
        transmission: 'ناقل الحركة',
        color: 'اللون',
        price: 'سعر المزاد (10,000 وون)',
        convertedPrice: 'السعر',
        provider: 'المزاد',
        city: 'المدينة',
        auctionDate: 'تاريخ المزاد',
        search: 'بحث',
        yearFrom: 'من سنة',
        yearTo: 'إلى سنة',
        priceFrom: 'السعر من (10,000 وون)',
        priceTo: 'السعر إلى (10,000 وون)',
        kmTo: 'المسافة حتى (كم)',
        currency: 'السعر بعملة',
      },
    },
  },
  vpo: {
    menu: { cars: 'الكتالوج' },
    cars: {
      priceIn: 'السعر بعملة',
      noRate: 'لا يوجد سعر بعملة %{currency}: %{reason}',
      photos: 'الصور',
      orderFor: 'اطلب هذه السيارة لعميل',
      customerPhone: 'هاتف العميل',
      findCustomer: 'ابحث عن العميل',
      pickCustomer: 'العميل',
      options: 'التجهيزات',
      damage: 'سجل الأضرار',
      rawPrice: '%{price} × 10,000 وون في المزاد',
      photo: 'الصورة %{n} من %{car}',
      sold: 'بيعت في المزاد في %{date}: لم تعد معروضة للبيع، فلا يمكن طلبها.',
      withdrawn: 'سُحبت من المزاد في %{date}: لم تعد معروضة للبيع، فلا يمكن طلبها.',
      priceHistory: 'تغيّرات السعر',
      priceChange: '%{from} ← %{to}',
    },
  },
};

export const catalogueMessages = { en, ar };

/** An order's shipment, in words. */
const en = {
  vpo: {
    shipment: {
      title: 'Shipment',
      edit: 'Edit shipment',
      method: 'Method',
      roro: 'RoRo',
      container: 'Container',
      bookingNumber: 'Booking number',
      carrier: 'Carrier',
      vessel: 'Vessel',
      voyage: 'Voyage',
      containerNumber: 'Container number',
      sealNumber: 'Seal number',
      portOfLoading: 'Port of loading',
      portOfDischarge: 'Port of discharge',
      etd: 'ETD',
      eta: 'ETA',
      atd: 'Departed (ATD)',
      ata: 'Arrived (ATA)',
      billOfLadingNumber: 'Bill of lading no.',
      billOfLadingUrl: 'Bill of lading (URL)',
      saved: 'Shipment saved.',
      none: 'No shipment yet.',
    },
  },
};

const ar: typeof en = {
  vpo: {
    shipment: {
      title: 'الشحن',
      edit: 'تعديل الشحنة',
      method: 'الطريقة',
      roro: 'رورو',
      container: 'حاوية',
      bookingNumber: 'رقم الحجز',
      carrier: 'الناقل',
      vessel: 'السفينة',
      voyage: 'الرحلة',
      containerNumber: 'رقم الحاوية',
      sealNumber: 'رقم الختم',
      portOfLoading: 'ميناء الشحن',
      portOfDischarge: 'ميناء التفريغ',
      etd: 'موعد المغادرة المتوقع',
      eta: 'موعد الوصول المتوقع',
      atd: 'غادرت (فعلي)',
      ata: 'وصلت (فعلي)',
      billOfLadingNumber: 'رقم بوليصة الشحن',
      billOfLadingUrl: 'بوليصة الشحن (رابط)',
      saved: 'تم حفظ الشحنة.',
      none: 'لا توجد شحنة بعد.',
    },
  },
};

export const shipmentMessages = { en, ar };

import { describe, expect, it } from 'vitest';
import { contractModel, customsInvoiceModel, money, proformaModel } from '../../lib/text/document-text.js';
import { renderPdf } from '../../lib/documents/pdf.js';
import { letters, pngSize, popplerView } from '../support/pdf-text.js';

const invoice = {
  buyerName: 'أحمد سعيد',
  buyerAddress: 'دبي، الإمارات العربية المتحدة',
  buyerPhone: '+971501234567',
  carMake: 'Kia',
  carModel: 'Sorento',
  carYear: 2022,
  carVin: 'KNAPU81BDN7123456',
  items: [
    { description: 'سيارة كيا سورينتو', amount: 17_000 },
    { description: 'الشحن إلى جبل علي', amount: 1_500.5 },
  ],
  currency: 'USD',
  total: 18_500.5,
};
const order = {
  orderNumber: 1042,
  totalAmount: 18_500,
  currency: 'USD',
  status: 'Purchased',
  car: 'Kia Sorento 2022',
  vin: 'KNAPU81BDN7123456',
  customerName: 'Layla Haddad',
  depositConfirmed: 2_000,
};

describe('generated documents', () => {
  it('write the customs invoice in Arabic, shaped and right to left: poppler reads the words back in order', async () => {
    const pdf = await renderPdf(customsInvoiceModel(invoice, { orderNumber: 1042 }, 'ar', '2026-11-23'), {
      title: 'Customs invoice #1042',
      createdAt: new Date('2026-11-23T10:00:00Z'),
    });
    const { text, png } = popplerView(pdf);
    for (const words of [
      'فاتورة جمركية',
      'رقم الطلب',
      'المشتري',
      'أحمد سعيد',
      'دبي، الإمارات العربية المتحدة',
      'سيارة كيا سورينتو',
      'الشحن إلى جبل علي',
      'الإجمالي',
    ]) {
      expect(letters(text), words).toContain(letters(words));
    }
    for (const latin of ['#1042', '17,000.00 USD', '1,500.50 USD', '18,500.50 USD', 'KNAPU81BDN7123456', '+971501234567', '2026-11-23'])
      expect(text).toContain(latin);
    expect(pngSize(png)).toMatchObject({ width: expect.any(Number) });
    expect(pngSize(png).height).toBeGreaterThan(pngSize(png).width);
    expect(png.length).toBeGreaterThan(5_000);
  });

  it('write the English customs invoice, the proforma and the contract', async () => {
    const english = popplerView(
      await renderPdf(
        customsInvoiceModel(
          { ...invoice, buyerName: 'Layla Haddad', items: [{ description: 'Kia Sorento 2022', amount: 17_000 }], total: 17_000 },
          { orderNumber: 1042 },
          'en',
          '2026-11-23',
        ),
        { title: 't', createdAt: new Date() },
      ),
    );
    expect(english.text).toContain('Customs invoice');
    expect(english.text).toMatch(/Buyer\s+Layla Haddad/);
    expect(english.text).toContain('17,000.00 USD');
    const proforma = popplerView(await renderPdf(proformaModel(order, 'en', '2026-11-23'), { title: 't', createdAt: new Date() }));
    expect(proforma.text).toContain('Proforma invoice');
    expect(proforma.text).toContain('Deposit received');
    expect(proforma.text).toContain('16,500.00 USD');
    const contract = popplerView(
      await renderPdf(
        contractModel(
          { contractNumber: 2031, customerName: 'Layla Haddad', totalAmount: 18_500, currency: 'USD', status: 'Signed' },
          order,
          'ar',
          '2026-11-23',
        ),
        { title: 't', createdAt: new Date() },
      ),
    );
    expect(letters(contract.text)).toContain(letters('عقد بيع'));
    expect(contract.text).toContain('#2031');
  });

  it('writes amounts with the decimals of their currency', () => {
    expect(money(1_500.5, 'USD')).toBe('1,500.50 USD');
    expect(money(25_000_000, 'KRW')).toBe('25,000,000 KRW');
  });
});

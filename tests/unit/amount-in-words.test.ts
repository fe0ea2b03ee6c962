/** An invoice's total in words, English and Arabic (lib/domain/amount-in-words.ts). */
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../lib/domain/amount-in-words.js';

describe('amountInWords', () => {
  it.each([
    [0, 'AED', 'Zero UAE dirhams only', 'فقط صفر درهم إماراتي لا غير'],
    [1, 'AED', 'One UAE dirham only', 'فقط درهم إماراتي واحد لا غير'],
    [2, 'AED', 'Two UAE dirhams only', 'فقط درهمان إماراتيان اثنان لا غير'],
    [3, 'AED', 'Three UAE dirhams only', 'فقط ثلاثة دراهم إماراتية لا غير'],
    [10, 'AED', 'Ten UAE dirhams only', 'فقط عشرة دراهم إماراتية لا غير'],
    [11, 'AED', 'Eleven UAE dirhams only', 'فقط أحد عشر درهماً إماراتياً لا غير'],
    [12, 'AED', 'Twelve UAE dirhams only', 'فقط اثنا عشر درهماً إماراتياً لا غير'],
    [21, 'AED', 'Twenty-one UAE dirhams only', 'فقط واحد وعشرون درهماً إماراتياً لا غير'],
    [100, 'AED', 'One hundred UAE dirhams only', 'فقط مائة درهم إماراتي لا غير'],
    [101, 'AED', 'One hundred one UAE dirhams only', 'فقط مائة ودرهم إماراتي واحد لا غير'],
    [111, 'AED', 'One hundred eleven UAE dirhams only', 'فقط مائة وأحد عشر درهماً إماراتياً لا غير'],
    [200, 'AED', 'Two hundred UAE dirhams only', 'فقط مائتا درهم إماراتي لا غير'],
    [1000, 'AED', 'One thousand UAE dirhams only', 'فقط ألف درهم إماراتي لا غير'],
    [2000, 'AED', 'Two thousand UAE dirhams only', 'فقط ألفا درهم إماراتي لا غير'],
    [2500, 'AED', 'Two thousand five hundred UAE dirhams only', 'فقط ألفان وخمسمائة درهم إماراتي لا غير'],
    [3000, 'AED', 'Three thousand UAE dirhams only', 'فقط ثلاثة آلاف درهم إماراتي لا غير'],
    [11000, 'AED', 'Eleven thousand UAE dirhams only', 'فقط أحد عشر ألف درهم إماراتي لا غير'],
    [
      18500.5,
      'AED',
      'Eighteen thousand five hundred UAE dirhams and fifty fils only',
      'فقط ثمانية عشر ألفاً وخمسمائة درهم إماراتي وخمسون فلساً لا غير',
    ],
    [200000, 'AED', 'Two hundred thousand UAE dirhams only', 'فقط مائتا ألف درهم إماراتي لا غير'],
    [1_000_000, 'AED', 'One million UAE dirhams only', 'فقط مليون درهم إماراتي لا غير'],
    [2_000_000, 'AED', 'Two million UAE dirhams only', 'فقط مليونا درهم إماراتي لا غير'],
    [
      2_500_000,
      'AED',
      'Two million five hundred thousand UAE dirhams only',
      'فقط مليونان وخمسمائة ألف درهم إماراتي لا غير',
    ],
    [3_000_000, 'AED', 'Three million UAE dirhams only', 'فقط ثلاثة ملايين درهم إماراتي لا غير'],
    [1_000_001, 'BHD', 'One million one Bahraini dinars only', 'فقط مليون ودينار بحريني واحد لا غير'],
    [
      999_999_999_999,
      'USD',
      'Nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine US dollars only',
      'فقط تسعمائة وتسعة وتسعون ملياراً وتسعمائة وتسعة وتسعون مليوناً وتسعمائة وتسعة وتسعون ألفاً وتسعمائة وتسعة وتسعون دولاراً أمريكياً لا غير',
    ],
    [1, 'USD', 'One US dollar only', 'فقط دولار أمريكي واحد لا غير'],
    [0.5, 'USD', 'Zero US dollars and fifty cents only', 'فقط صفر دولار أمريكي وخمسون سنتاً لا غير'],
    [1.01, 'USD', 'One US dollar and one cent only', 'فقط دولار أمريكي واحد وسنت واحد لا غير'],
    [2.02, 'USD', 'Two US dollars and two cents only', 'فقط دولاران أمريكيان اثنان وسنتان اثنان لا غير'],
    [25_000_000, 'KRW', 'Twenty-five million won only', 'فقط خمسة وعشرون مليون وون كوري لا غير'],
    [
      15_300_000,
      'KRW',
      'Fifteen million three hundred thousand won only',
      'فقط خمسة عشر مليوناً وثلاثمائة ألف وون كوري لا غير',
    ],
    [3.03, 'SAR', 'Three Saudi riyals and three halalas only', 'فقط ثلاثة ريالات سعودية وثلاث هللات لا غير'],
    [1.02, 'SAR', 'One Saudi riyal and two halalas only', 'فقط ريال سعودي واحد وهللتان اثنتان لا غير'],
    [10.11, 'SAR', 'Ten Saudi riyals and eleven halalas only', 'فقط عشرة ريالات سعودية وإحدى عشرة هللةً لا غير'],
    [
      40.21,
      'SAR',
      'Forty Saudi riyals and twenty-one halalas only',
      'فقط أربعون ريالاً سعودياً وإحدى وعشرون هللةً لا غير',
    ],
    [
      7.25,
      'QAR',
      'Seven Qatari riyals and twenty-five dirhams only',
      'فقط سبعة ريالات قطرية وخمسة وعشرون درهماً لا غير',
    ],
    [
      12.345,
      'OMR',
      'Twelve Omani rials and three hundred forty-five baisa only',
      'فقط اثنا عشر ريالاً عمانياً وثلاثمائة وخمس وأربعون بيسةً لا غير',
    ],
    [1.001, 'OMR', 'One Omani rial and one baisa only', 'فقط ريال عماني واحد وبيسة واحدة لا غير'],
    [5.2, 'KWD', 'Five Kuwaiti dinars and two hundred fils only', 'فقط خمسة دنانير كويتية ومائتا فلس لا غير'],
    [
      1500.101,
      'BHD',
      'One thousand five hundred Bahraini dinars and one hundred one fils only',
      'فقط ألف وخمسمائة دينار بحريني ومائة وفلس واحد لا غير',
    ],
  ])('%d %s', (amount, currency, english, arabic) => {
    expect(amountInWords(amount, currency, 'en')).toBe(english);
    expect(amountInWords(amount, currency, 'ar')).toBe(arabic);
  });

  it("rounds half up to the currency's decimals", () => {
    expect(amountInWords(1.005, 'USD', 'en')).toBe('One US dollar and one cent only');
    expect(amountInWords(0.125, 'AED', 'en')).toBe('Zero UAE dirhams and thirteen fils only');
    expect(amountInWords(2.0005, 'OMR', 'en')).toBe('Two Omani rials and one baisa only');
    expect(amountInWords(1500.5, 'KRW', 'en')).toBe('One thousand five hundred one won only');
    expect(amountInWords(9.999, 'USD', 'en')).toBe('Ten US dollars only');
    expect(amountInWords(0.004, 'USD', 'ar')).toBe('فقط صفر دولار أمريكي لا غير');
  });

  it('reads the currency code case-insensitively', () => {
    expect(amountInWords(1, 'usd', 'en')).toBe('One US dollar only');
  });

  it.each([-0.01, -1, Number.NaN, Number.POSITIVE_INFINITY, 1_000_000_000_000, 1e21])('refuses %d', (amount) => {
    expect(() => amountInWords(amount, 'USD', 'en')).toThrow(RangeError);
  });

  it('refuses an amount that rounds past 999,999,999,999', () => {
    expect(() => amountInWords(999_999_999_999.5, 'KRW', 'ar')).toThrow(RangeError);
    expect(amountInWords(999_999_999_999.4, 'KRW', 'en')).toMatch(
      /^Nine hundred ninety-nine billion .* nine hundred ninety-nine won only$/,
    );
  });

  it('refuses a currency it has no words for', () => {
    expect(() => amountInWords(1, 'EUR', 'en')).toThrow(RangeError);
  });
});

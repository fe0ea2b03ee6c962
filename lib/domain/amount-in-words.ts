/**
 * An invoice's total in words (the "say" line), in English or Arabic, as Gulf banks and customs
 * brokers read it: "Eighteen thousand five hundred UAE dirhams and fifty fils only",
 * "فقط ثمانية عشر ألفاً وخمسمائة درهم إماراتي وخمسون فلساً لا غير". Writing the total out in
 * words is what stops a figure being altered, so the words follow the grammar a clerk checks.
 */
import { Decimal } from './decimal.js';
import { minorUnits } from './money.js';

/**
 * An Arabic counted noun in the form each count asks of it: 1 and 2 put the noun first with the
 * number after it as an adjective (درهم واحد، درهمان اثنان); 3 to 10 take the plural (ثلاثة دراهم);
 * 11 to 99 the singular accusative (أحد عشر درهماً); a round hundred, thousand or million the
 * singular genitive (مائة درهم). From 3 to 10 the number takes the gender opposite to the noun's
 * (ثلاثة دراهم، ثلاث هللات).
 */
interface Counted {
  single: string;
  one: string;
  two: string;
  few: string;
  many: string;
  feminine: boolean;
}

const noun = (single: string, dual: string, plural: string, accusative: string, feminine = false): Counted => ({
  single,
  one: `${single} ${feminine ? 'واحدة' : 'واحد'}`,
  two: `${dual} ${feminine ? 'اثنتان' : 'اثنان'}`,
  few: plural,
  many: accusative,
  feminine,
});

/** Thousands, millions and billions are counted nouns too, but a count of 1 or 2 is the word alone (ألف، ألفان). */
const scale = (single: string, dual: string, plural: string, accusative: string): Counted => ({
  single,
  one: single,
  two: dual,
  few: plural,
  many: accusative,
  feminine: false,
});

interface CurrencyWords {
  en: [singular: string, plural: string];
  ar: Counted;
  minor?: { en: [singular: string, plural: string]; ar: Counted };
}

const FILS = { en: ['fils', 'fils'], ar: noun('فلس', 'فلسان', 'فلوس', 'فلساً') } satisfies CurrencyWords['minor'];

/** The decimals are ISO 4217's (lib/domain/money.ts): KRW has none, OMR, BHD and KWD three. */
const CURRENCIES: Record<string, CurrencyWords> = {
  USD: {
    en: ['US dollar', 'US dollars'],
    ar: noun('دولار أمريكي', 'دولاران أمريكيان', 'دولارات أمريكية', 'دولاراً أمريكياً'),
    minor: { en: ['cent', 'cents'], ar: noun('سنت', 'سنتان', 'سنتات', 'سنتاً') },
  },
  AED: {
    en: ['UAE dirham', 'UAE dirhams'],
    ar: noun('درهم إماراتي', 'درهمان إماراتيان', 'دراهم إماراتية', 'درهماً إماراتياً'),
    minor: FILS,
  },
  SAR: {
    en: ['Saudi riyal', 'Saudi riyals'],
    ar: noun('ريال سعودي', 'ريالان سعوديان', 'ريالات سعودية', 'ريالاً سعودياً'),
    minor: { en: ['halala', 'halalas'], ar: noun('هللة', 'هللتان', 'هللات', 'هللةً', true) },
  },
  KRW: { en: ['won', 'won'], ar: noun('وون كوري', 'وونان كوريان', 'وونات كورية', 'ووناً كورياً') },
  QAR: {
    en: ['Qatari riyal', 'Qatari riyals'],
    ar: noun('ريال قطري', 'ريالان قطريان', 'ريالات قطرية', 'ريالاً قطرياً'),
    minor: { en: ['dirham', 'dirhams'], ar: noun('درهم', 'درهمان', 'دراهم', 'درهماً') },
  },
  OMR: {
    en: ['Omani rial', 'Omani rials'],
    ar: noun('ريال عماني', 'ريالان عمانيان', 'ريالات عمانية', 'ريالاً عمانياً'),
    minor: { en: ['baisa', 'baisa'], ar: noun('بيسة', 'بيستان', 'بيسات', 'بيسةً', true) },
  },
  BHD: {
    en: ['Bahraini dinar', 'Bahraini dinars'],
    ar: noun('دينار بحريني', 'ديناران بحرينيان', 'دنانير بحرينية', 'ديناراً بحرينياً'),
    minor: FILS,
  },
  KWD: {
    en: ['Kuwaiti dinar', 'Kuwaiti dinars'],
    ar: noun('دينار كويتي', 'ديناران كويتيان', 'دنانير كويتية', 'ديناراً كويتياً'),
    minor: FILS,
  },
};

const MAX_AMOUNT = 999_999_999_999;

/** Billions, millions, thousands and units, three digits each. */
const groupsOf = (n: number): number[] => [1e9, 1e6, 1e3, 1].map((size) => Math.floor(n / size) % 1000);

const EN_SMALL =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const EN_TENS = ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
const EN_SCALES = ['billion', 'million', 'thousand', ''];

function englishBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds ? [`${EN_SMALL[hundreds]} hundred`] : [];
  if (rest >= 20) words.push(EN_TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${EN_SMALL[rest % 10]}` : ''));
  else if (rest) words.push(EN_SMALL[rest]!);
  return words.join(' ');
}

/** No "and" inside a number ("one hundred one"): on the invoice, "and" joins the major and minor units alone. */
function englishCount(n: number, [singular, plural]: [string, string]): string {
  const number = n
    ? groupsOf(n).flatMap((group, i) => (group ? [`${englishBelow1000(group)} ${EN_SCALES[i]}`.trim()] : []))
    : ['zero'];
  return `${number.join(' ')} ${n === 1 ? singular : plural}`;
}

const AR_UNITS = {
  masculine: ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'],
  feminine: ['', 'واحدة', 'اثنتان', 'ثلاث', 'أربع', 'خمس', 'ست', 'سبع', 'ثماني', 'تسع', 'عشر'],
};
const AR_TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = [
  '',
  'مائة',
  'مائتان',
  'ثلاثمائة',
  'أربعمائة',
  'خمسمائة',
  'ستمائة',
  'سبعمائة',
  'ثمانمائة',
  'تسعمائة',
];
const AR_SCALES = [
  scale('مليار', 'ملياران', 'مليارات', 'ملياراً'),
  scale('مليون', 'مليونان', 'ملايين', 'مليوناً'),
  scale('ألف', 'ألفان', 'آلاف', 'ألفاً'),
];

/** 3 to 99 for a noun of the given gender (1 and 2 are the noun's own forms). */
function arabicBelow100(n: number, feminine: boolean): string {
  const units = feminine ? AR_UNITS.feminine : AR_UNITS.masculine;
  if (n <= 10) return units[n]!;
  if (n === 11) return feminine ? 'إحدى عشرة' : 'أحد عشر';
  if (n === 12) return feminine ? 'اثنتا عشرة' : 'اثنا عشر';
  if (n < 20) return `${units[n - 10]} ${feminine ? 'عشرة' : 'عشر'}`;
  const unit = n % 10;
  const tens = AR_TENS[Math.floor(n / 10)]!;
  if (!unit) return tens;
  const first = unit === 1 && feminine ? 'إحدى' : unit === 8 && feminine ? 'ثمان' : units[unit];
  return `${first} و${tens}`;
}

/**
 * 1 to 999 of a counted noun. A count right before the currency's name is in construct with it,
 * so a dual loses its nūn and 11-99 their tanween (مائتا ألف، ألفا درهم، أحد عشر ألف درهم).
 */
function arabicGroup(n: number, counted: Counted, beforeNoun: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!rest) return `${hundreds === 2 ? 'مائتا' : AR_HUNDREDS[hundreds]} ${counted.single}`;
  const lead = hundreds ? `${AR_HUNDREDS[hundreds]} و` : '';
  if (rest === 1) return lead + counted.one;
  if (rest === 2) return lead + (beforeNoun ? counted.two.slice(0, -1) : counted.two);
  return `${lead}${arabicBelow100(rest, counted.feminine)} ${rest <= 10 ? counted.few : beforeNoun ? counted.single : counted.many}`;
}

function arabicCount(n: number, counted: Counted): string {
  if (!n) return `صفر ${counted.single}`;
  const groups = groupsOf(n);
  const parts = groups.flatMap((group, i) => {
    if (!group) return [];
    if (i === 3) return [arabicGroup(group, counted, false)];
    return [
      arabicGroup(
        group,
        AR_SCALES[i]!,
        groups.slice(i + 1).every((lower) => !lower),
      ),
    ];
  });
  const words = parts.join(' و');
  return groups[3] ? words : `${words} ${counted.single}`;
}

/**
 * The amount in words, rounded half up to the currency's decimals, the minor unit after "and" (و)
 * when there is one. RangeError for a negative, non-finite or too large amount (over
 * 999,999,999,999) and for a currency it has no words for.
 */
export function amountInWords(amount: number, currency: string, language: 'en' | 'ar'): string {
  const words = CURRENCIES[currency.toUpperCase()];
  if (!words) throw new RangeError(`no words for the currency ${currency}`);
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT + 1)
    throw new RangeError(`amount out of range for words: ${amount}`);
  const decimals = words.minor ? minorUnits(currency.toUpperCase()) : 0;
  const [whole, fraction = ''] = new Decimal(amount).toDecimalPlaces(decimals).toString().split('.');
  const major = Number(whole);
  const minor = Number(fraction.padEnd(decimals, '0') || '0');
  if (major > MAX_AMOUNT) throw new RangeError(`amount out of range for words: ${amount}`);

  if (language === 'ar') {
    const minorWords = minor && words.minor ? ` و${arabicCount(minor, words.minor.ar)}` : '';
    return `فقط ${arabicCount(major, words.ar)}${minorWords} لا غير`;
  }
  const minorWords = minor && words.minor ? ` and ${englishCount(minor, words.minor.en)}` : '';
  const text = `${englishCount(major, words.en)}${minorWords} only`;
  return text[0]!.toUpperCase() + text.slice(1);
}

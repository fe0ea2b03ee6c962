/**
 * Car colours in Arabic: the catalogue and staff record them in English ("Pearl White"), and an
 * Arabic reader reads "أبيض لؤلؤي". A shade word is put after the colour, as Arabic orders them.
 * A colour not listed is shown as recorded.
 */
const COLOURS: Record<string, string> = {
  white: 'أبيض',
  black: 'أسود',
  gray: 'رمادي',
  grey: 'رمادي',
  silver: 'فضي',
  blue: 'أزرق',
  navy: 'كحلي',
  red: 'أحمر',
  maroon: 'عنابي',
  burgundy: 'عنابي',
  brown: 'بني',
  beige: 'بيج',
  green: 'أخضر',
  gold: 'ذهبي',
  yellow: 'أصفر',
  orange: 'برتقالي',
  purple: 'بنفسجي',
  bronze: 'برونزي',
  champagne: 'شمبانيا',
};

const SHADES: Record<string, string> = {
  pearl: 'لؤلؤي',
  metallic: 'معدني',
  dark: 'داكن',
  light: 'فاتح',
  matte: 'مطفي',
};

export function colourName(recorded: string, language: 'en' | 'ar'): string {
  if (language === 'en') return recorded;
  const words = recorded.trim().toLowerCase().split(/\s+/);
  const colour = words.filter((word) => COLOURS[word] !== undefined);
  const shades = words.filter((word) => SHADES[word] !== undefined);
  // Only a name made wholly of known words is translated: "Snow White Pearl Mica" stays as it is.
  if (colour.length !== 1 || colour.length + shades.length !== words.length) return recorded;
  return [COLOURS[colour[0]!], ...shades.map((shade) => SHADES[shade])].join(' ');
}

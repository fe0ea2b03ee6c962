/**
 * Names of the ports cars from Korea leave and reach, by UN/LOCODE, in English and Arabic: staff
 * often record the code (`KRPTK`), and a buyer reads "Pyeongtaek". A code not listed is shown as
 * recorded.
 */
const PORTS: Record<string, { en: string; ar: string }> = {
  KRPTK: { en: 'Pyeongtaek', ar: 'بيونغتايك' },
  KRINC: { en: 'Incheon', ar: 'إنتشون' },
  KRPUS: { en: 'Busan', ar: 'بوسان' },
  KRUSN: { en: 'Ulsan', ar: 'أولسان' },
  KRKAN: { en: 'Gwangyang', ar: 'غوانغيانغ' },
  KRMOK: { en: 'Mokpo', ar: 'موكبو' },
  AEJEA: { en: 'Jebel Ali', ar: 'جبل علي' },
  AEDXB: { en: 'Dubai', ar: 'دبي' },
  AEAUH: { en: 'Abu Dhabi', ar: 'أبوظبي' },
  AEKHL: { en: 'Khalifa Port', ar: 'ميناء خليفة' },
  AESHJ: { en: 'Sharjah', ar: 'الشارقة' },
  AEKLF: { en: 'Khor Fakkan', ar: 'خورفكان' },
  SAJED: { en: 'Jeddah', ar: 'جدة' },
  SADMM: { en: 'Dammam', ar: 'الدمام' },
  QAHMD: { en: 'Hamad Port', ar: 'ميناء حمد' },
  OMSOH: { en: 'Sohar', ar: 'صحار' },
  OMMCT: { en: 'Muscat', ar: 'مسقط' },
  KWSWK: { en: 'Shuwaikh', ar: 'الشويخ' },
  BHKBS: { en: 'Khalifa Bin Salman Port', ar: 'ميناء خليفة بن سلمان' },
  IQUQR: { en: 'Umm Qasr', ar: 'أم قصر' },
  JOAQJ: { en: 'Aqaba', ar: 'العقبة' },
  EGALY: { en: 'Alexandria', ar: 'الإسكندرية' },
};

/** "Pyeongtaek (KRPTK)" for a listed code, else the port as recorded. */
export function portName(recorded: string, language: 'en' | 'ar'): string {
  const code = recorded.trim().toUpperCase().replace(/\s+/g, '');
  const known = /^[A-Z]{5}$/.test(code) ? PORTS[code] : undefined;
  return known ? `${known[language]} (${code})` : recorded;
}

import type { ImportRuleText } from './import-rules.js';

/**
 * The import rules the service ships with, per destination (ISO 3166-1 alpha-2): data with its
 * sources, read on `asOf`; `confirmed` is false where only secondary sources (exporters' pages,
 * press) give the figure. A platform admin's PUT replaces one for every tenant, a tenant admin's
 * for that tenant (docs/import-rules.md has this table and how to change it). Korean cars are
 * left-hand drive, so the right-hand-drive bans of several of these countries never apply.
 * Where a country refuses cars *seriously* damaged in an accident, the catalogue's `accident`
 * record (any accident on the car's history, most of them repaired panels) does not say how
 * serious it was: the rule refuses flood and total-loss cars and its note asks staff to check.
 */

const SERIOUS_ACCIDENT =
  ' Cars seriously damaged in an accident are refused too: the catalogue records any accident, so staff check the inspection report of a car with one.';

const KOREA_RU_BY_PERMIT = {
  name: 'Korean strategic-items situational export permit (MOTIE)',
  engineOverCc: 2000,
  note: "MOTIE's 33rd amendment of the Public Notice on Export and Import of Strategic Items (in force 2024-02-24) lists passenger cars with engines over 2,000 cc for Russia and Belarus: banned in principle, a permit is reviewed case by case. Reports of the December 2023 pre-announcement said 2,000 cc or more; those of the final notice say over 2,000 cc.",
};

export const DEFAULT_IMPORT_RULES: ReadonlyArray<ImportRuleText & { country: string }> = [
  {
    country: 'AE',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: [
      'VIN check in the Ministry of Industry and Advanced Technology used-vehicle system before shipping',
      'Certificate of origin',
      'Export declaration and bill of lading',
    ],
    permits: [],
    note:
      'No age limit found in force (a 5-year cap announced for 2009 was not applied). Since 2017-05-01 seven kinds of used car are refused by VIN: burnt, scrap, flooded, dismantled, seriously damaged in an accident, beyond repair to the original state, or with a manufacturing defect. Cars imported for re-export are exempt.' +
      SERIOUS_ACCIDENT,
    source:
      'ESMA (now MoIAT) ban on damaged used vehicles from 1 May 2017 (Gulf News, 2017); MoIAT figures on blocked vehicles (Zawya, 2023-04-11)',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'SA',
    maxAgeYears: 5,
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: [
      'SASO fuel-economy inquiry notification (SASO 2864:2015) before import',
      'Conformity to Saudi standards (SASO)',
      'Certificate of origin',
    ],
    permits: [],
    note:
      "5 years for passenger cars and light transport (10 for trucks over 3.5 t) since June 2009, counted back from the current year by model year (in 2021: 2016 and newer). Damaged or salvaged cars and former taxis or police cars are refused; the damage ban is reported by shippers and press, not seen in ZATCA's text. Private importers: at most 2 cars in 12 months." +
      SERIOUS_ACCIDENT,
    source:
      'Saudi Customs / ZATCA: ban on cars older than 5 years, enforced 2009-06-09 (Council of Saudi Chambers; ZATCA statements 2020-2021); SASO Used Vehicles campaign (fuel economy)',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'KW',
    maxAgeYears: 5,
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: [
      'Title and proof of registration',
      'No-objection letter of the traffic department of origin',
      'Certificate of origin',
      'GSO conformity certificate',
    ],
    permits: [],
    note: 'Cars over 5 years old are refused (trucks 10). Ministerial order 59/2010 could not be found; exporters also cite law 147 of 2000. Whether the age counts from the model year or the first registration is not settled: counted here from the model year. The damage refusal is the usual Gulf practice, not seen in a Kuwaiti text.',
    source: 'Embassy of the State of Kuwait in Canada, "Importing into Kuwait" (undated); exporters\' country pages',
    asOf: '2026-12-08',
    confirmed: false,
  },
  {
    country: 'QA',
    maxAgeYears: 5,
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: [
      'Ownership papers showing the model year',
      'Certificate of origin',
      "GSO (Gulf specification) conformity for a dealer's sale",
    ],
    permits: [],
    note: "5 years for light vehicles from the model year in the ownership papers (10 for heavy ones). MoCI Circular 2 of 2025 (August 2025) forbids showrooms and online platforms to sell cars not built to Gulf specification from 2026-01-01; personal imports are not covered by it. The decision's text was seen in one copy only.",
    source:
      'Minister of Economy and Commerce Decision 21/2004 on the import of used vehicles, Art. 2 as amended; MoCI Circular No. 2 of 2025',
    asOf: '2026-12-08',
    confirmed: false,
  },
  {
    country: 'OM',
    maxAgeYears: 7,
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: [
      'Ministry of Commerce import permission',
      'Technical evaluation (Royal Oman Police)',
      'Certificate of origin',
    ],
    permits: [],
    note:
      'Private cars over 7 years from manufacture are refused (trucks and buses 10) since Ministerial Decision 203/2015, not 2025: what changed in 2025 is that cars from other GCC states need an export certificate from 2025-07-01. The Royal Oman Police refuse cars damaged by serious accident, flood, fire or cyclone.' +
      SERIOUS_ACCIDENT,
    source:
      'Ministerial Decision 203/2015 (Times of Oman, 2015-07-11); Royal Oman Police announcement on vehicles from GCC countries (Gulf Business, 2025-05-02)',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'BH',
    maxAgeYears: 5,
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: ['Customs declaration', 'Traffic technical inspection (clearance certificate)', 'Insurance'],
    permits: [],
    note: 'Sources disagree: the government, answering parliament, speaks of 5 years, with older cars registrable for personal use for a BD 1,000 fee since the 2021 amendment of Art. 98 of the traffic regulations; "10 years" appears only on an exporter\'s page. 5 is kept; an admin may loosen it for a buyer who pays the fee.',
    source:
      'Government reply to parliament on the over-5-year registration fee (News of Bahrain); Bahrain Customs, "Importing your own motor vehicle"',
    asOf: '2026-12-08',
    confirmed: false,
  },
  {
    country: 'JO',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: ['Diesel'],
    documents: ['EU type approval, GCC (GSO), Saudi or US FMVSS conformity certificate', 'Certificate of origin'],
    permits: [],
    note:
      'No general age limit confirmed for petrol or hybrid cars; electric cars at most 3 years including the year of clearance (from 2025-11-01: a rule per fuel type, checked by staff). Salvage, seriously damaged, flooded or burnt cars, former taxis and police cars, and diesel passenger cars are refused.' +
      SERIOUS_ACCIDENT,
    source:
      'Amended Import Instructions 2025, Cabinet decision 4307 of 2025-06-28, in force 2025-11-01 (Al Rai, 2025-09-16); US Commercial Service, Jordan: prohibited and restricted imports',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'IQ',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: ['flood', 'total_loss'],
    fuelTypesRefused: [],
    documents: ['Registration on the COSQC e-platform (technical requirement 167)', 'Import licence'],
    permits: [],
    note:
      'No fixed age limit confirmed. From 2026-01-01 technical requirement 167 applies to imported vehicles of model 2025 and newer; whether it bars older models is not confirmed. The Ministry of Trade refuses seriously damaged, flooded, burnt and totalled cars. The Kurdistan Region has its own rules.' +
      SERIOUS_ACCIDENT,
    source:
      'Iraqi Ministry of Trade statement, 2025-11-26 (Buratha News); COSQC on technical requirement 167 (Al Nahrain)',
    asOf: '2026-12-08',
    confirmed: false,
  },
  {
    country: 'KZ',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: [],
    fuelTypesRefused: [],
    documents: ['Electronic vehicle passport (EPTS)', 'Euro-4 or higher (Korean cars from model year 2006)'],
    permits: [],
    note: 'No age limit (a ban over 7 years was only proposed to the EAEU in 2024). A utilisation fee by engine size is due at first registration (2026: 756,875 KZT for 1,001-2,000 cc, 1,081,250 KZT for 2,001-3,000 cc); at most one personal-use EPTS per person a year from 2025-10-26.',
    source: 'Utilisation fee rates 2026 (lada.kz); Euro-4 requirement from 2013-07-01 (mgorod.kz)',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'KG',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: [],
    fuelTypesRefused: [],
    documents: ['Deregistration abroad', 'Registration within 10 days of entry'],
    permits: [],
    note: 'No age limit found. Conformity assessment for vehicles up to 3 years old imported by companies (EEC Council decision 45 of 2025-05-23).',
    source: '24.kg, 2025-12-30 (conformity assessment); right-hand-drive ban in force 2015-06-04 (caravan.kz)',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'RU',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'arrival',
    refusedDamage: [],
    fuelTypesRefused: [],
    documents: ['SBKTS / EPTS vehicle passport', 'ERA-GLONASS for registration'],
    permits: [KOREA_RU_BY_PERMIT],
    note: 'No age limit on the Russian side; duties for individuals depend on the age at customs (3 to 5 years the cheapest band), so the age is counted to arrival. From 2025-12-01 the low utilisation fee applies only to personal imports of at most 160 hp.',
    source:
      'MOTIE 33rd amendment of the strategic-items notice, in force 2024-02-24 (Chosun Biz, Seoul Economy News, KED Global, 2024-02-20); Vedomosti 2025-11-06 (utilisation fee)',
    asOf: '2026-12-08',
    confirmed: true,
  },
  {
    country: 'BY',
    ageCountedFrom: 'model-year',
    ageCountedTo: 'order',
    refusedDamage: [],
    fuelTypesRefused: [],
    documents: [],
    permits: [KOREA_RU_BY_PERMIT],
    note: 'Only the Korean side is recorded: Belarus is on the same strategic-items list as Russia.',
    source: 'MOTIE 33rd amendment of the strategic-items notice, in force 2024-02-24 (Chosun Biz, 2024-02-20)',
    asOf: '2026-12-08',
    confirmed: true,
  },
];

/**
 * Gulf Motors' demo customers and their orders, as data: buyers in the UAE, Saudi Arabia, Kuwait
 * and Qatar, and one order at each stage a newcomer should see on the console, the board and a
 * buyer's page (scripts/local/demo-orders.ts places them). The phone numbers are made up, in each
 * country's mobile format; none is one the local chat log refuses.
 */

/** The stages the demo orders are brought to, each through the steps staff take to get there. */
export const DEMO_STAGES = [
  'DepositSubmitted',
  'InspectionScheduled',
  'ContractSigned',
  'PaymentSubmitted',
  'Purchased',
  'Shipped',
] as const;
export type DemoStage = (typeof DEMO_STAGES)[number];

/** Where the car goes: a port code of lib/text/ports.ts, and the place as an invoice writes it. */
interface Destination {
  code: string;
  place: string;
}

export interface DemoOrder {
  stage: DemoStage;
  /**
   * The car a marketer picks in the catalogue: the model, of `fallback.year` or later; the car
   * described by `fallback` when the catalogue lists none.
   */
  car: {
    makeEn: string;
    modelGroupEn: string;
    fallback: { modelEn: string; year: number; fuelType: string; color: string };
  };
  /** The price of the car described by hand; a catalogue car's comes from its listing. */
  fallbackAmount: number;
  currency: 'USD' | 'AED';
  notes: string;
}

export interface DemoCustomer {
  /** As the customer record keeps it: in the script the customer writes their name in. */
  name: string;
  /** The contract names the customer in both languages. */
  nameEn: string;
  nameAr: string;
  mobileNumber: string;
  email?: string;
  country: 'AE' | 'SA' | 'KW' | 'QA';
  address: string;
  language: 'en' | 'ar';
  destination: Destination;
  orders: DemoOrder[];
}

const JEBEL_ALI: Destination = { code: 'AEJEA', place: 'Jebel Ali, UAE' };

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Yousef Al-Enezi',
    nameEn: 'Yousef Al-Enezi',
    nameAr: 'يوسف العنزي',
    mobileNumber: '+96566137029',
    email: 'yousef.enezi@example.com',
    country: 'KW',
    address: 'Block 4, Salmiya, Hawalli',
    language: 'en',
    destination: { code: 'KWSWK', place: 'Shuwaikh, Kuwait' },
    orders: [
      {
        stage: 'DepositSubmitted',
        car: {
          makeEn: 'Kia',
          modelGroupEn: 'Sorento',
          fallback: { modelEn: 'Sorento 2.2 Diesel AWD', year: 2021, fuelType: 'Diesel', color: 'White' },
        },
        fallbackAmount: 21500,
        currency: 'USD',
        notes: 'Deposit sent by bank transfer from Kuwait; the transfer slip is with the accountant.',
      },
    ],
  },
  {
    name: 'فاطمة القحطاني',
    nameEn: 'Fatimah Al-Qahtani',
    nameAr: 'فاطمة القحطاني',
    mobileNumber: '+966551904382',
    country: 'SA',
    address: 'Al Rawdah District, Jeddah',
    language: 'ar',
    destination: { code: 'SAJED', place: 'Jeddah, Saudi Arabia' },
    orders: [
      {
        stage: 'InspectionScheduled',
        car: {
          makeEn: 'Genesis',
          modelGroupEn: 'GV80',
          fallback: { modelEn: 'GV80 2.5T AWD', year: 2022, fuelType: 'Gasoline', color: 'Black' },
        },
        fallbackAmount: 46800,
        currency: 'USD',
        notes: 'Wants photos of the interior and the tyres from the inspection.',
      },
    ],
  },
  {
    name: 'خالد المري',
    nameEn: 'Khalid Al-Marri',
    nameAr: 'خالد المري',
    mobileNumber: '+97455218746',
    email: 'k.almarri@example.com',
    country: 'QA',
    address: 'Al Waab Street, Doha',
    language: 'ar',
    destination: { code: 'QAHMD', place: 'Hamad Port, Qatar' },
    orders: [
      {
        stage: 'ContractSigned',
        car: {
          makeEn: 'Hyundai',
          modelGroupEn: 'Palisade',
          fallback: { modelEn: 'Palisade 3.8 AWD Calligraphy', year: 2022, fuelType: 'Gasoline', color: 'White' },
        },
        fallbackAmount: 38900,
        currency: 'USD',
        notes: 'Balance to follow within a week of signing.',
      },
    ],
  },
  {
    name: 'Imran Siddiqui',
    nameEn: 'Imran Siddiqui',
    nameAr: 'عمران صديقي',
    mobileNumber: '+971529163047',
    email: 'imran.siddiqui@example.com',
    country: 'AE',
    address: 'Al Nahda 2, Sharjah',
    language: 'en',
    destination: JEBEL_ALI,
    orders: [
      {
        stage: 'Shipped',
        car: {
          makeEn: 'Hyundai',
          modelGroupEn: 'Tucson',
          fallback: { modelEn: 'Tucson 1.6T', year: 2021, fuelType: 'Gasoline', color: 'Gray' },
        },
        fallbackAmount: 19800,
        currency: 'USD',
        notes: 'For his own use; he collects the car at Jebel Ali.',
      },
      {
        stage: 'PaymentSubmitted',
        car: {
          makeEn: 'Kia',
          modelGroupEn: 'Carnival',
          fallback: { modelEn: 'Carnival 2.2 Diesel 9-seater', year: 2022, fuelType: 'Diesel', color: 'Silver' },
        },
        fallbackAmount: 33200,
        currency: 'USD',
        notes: 'A second car for the family, ordered while the first is at sea.',
      },
    ],
  },
  {
    name: 'أحمد المنصوري',
    nameEn: 'Ahmed Al-Mansoori',
    nameAr: 'أحمد المنصوري',
    mobileNumber: '+971504827315',
    country: 'AE',
    address: 'Villa 12, Street 23, Al Barsha 1, Dubai',
    language: 'ar',
    destination: JEBEL_ALI,
    orders: [
      {
        stage: 'Purchased',
        car: {
          makeEn: 'Genesis',
          modelGroupEn: 'G80',
          fallback: { modelEn: 'G80 2.5T AWD', year: 2021, fuelType: 'Gasoline', color: 'Blue' },
        },
        fallbackAmount: 109000,
        currency: 'AED',
        notes: 'Paid in dirhams at the showroom.',
      },
    ],
  },
];

/** The order's car from its snapshot, contract and customs invoice, and the car in words (lib/domain/vehicle.ts). */
import { describe, expect, it } from 'vitest';
import { vehicleLabel, vehicleName, vehicleOf, type Vehicle } from '../../lib/domain/vehicle.js';

/** A catalogue car's snapshot, as an order placed with carId holds it. */
const CATALOGUE = {
  id: 4812,
  title: 'Hyundai Grandeur IG 2.4 Exclusive',
  makeEn: 'Hyundai',
  modelEn: 'Grandeur IG',
  gradeEn: 'Exclusive',
  year: 2019,
  vin: 'KMHF341ABKA000001',
  color: 'Black',
  kilometers: 61_000,
  fuelType: 'Gasoline',
  displacement: 2359,
  vehicleType: 'Sedan',
  customerNotificationsEnabled: true,
};

const INVOICE = {
  buyerName: 'Layla Haddad',
  carMake: 'Kia',
  carModel: 'Sorento',
  carYear: 2022,
  carVin: 'KNAPU81BDN7123456',
  carColor: 'Snow white pearl',
  engineNumber: 'G4KJ1234567',
  engineCapacityCc: 2497,
  fuelType: 'Diesel',
  mileageKm: 45_000,
  condition: 'used',
  items: [{ description: 'Kia Sorento 2022', amount: 18_500 }],
  currency: 'USD',
};

describe('vehicleOf', () => {
  it('reads a catalogue snapshot under its catalogue names', () => {
    expect(vehicleOf({ carDetails: CATALOGUE })).toEqual({
      make: 'Hyundai',
      model: 'Grandeur IG',
      grade: 'Exclusive',
      year: 2019,
      vin: 'KMHF341ABKA000001',
      color: 'Black',
      mileageKm: 61_000,
      fuelType: 'Gasoline',
      displacementCc: 2359,
      vehicleType: 'Sedan',
      title: 'Hyundai Grandeur IG 2.4 Exclusive',
      condition: 'used',
    });
  });

  it('reads the free keys staff type (make, model) when the catalogue names are absent, the catalogue names first when both are there', () => {
    expect(vehicleOf({ carDetails: { make: 'Toyota', model: 'Land Cruiser', year: 2020 } })).toMatchObject({
      make: 'Toyota',
      model: 'Land Cruiser',
      year: 2020,
    });
    expect(
      vehicleOf({ carDetails: { makeEn: 'Kia', make: 'KIA MOTORS', modelEn: 'K5', model: 'Optima' } }),
    ).toMatchObject({ make: 'Kia', model: 'K5' });
  });

  it("reads the contract's car: its own vin, color and mileage over the snapshot it carries", () => {
    const contract = {
      carDetails: { makeEn: 'Kia', modelEn: 'Sorento', year: 2022, vin: 'OLDVIN', color: 'Grey', kilometers: 44_000 },
      vin: 'KNAPU81BDN7123456',
      mileage: '45,000 km',
      color: 'White',
    };
    expect(vehicleOf({ contract })).toEqual({
      make: 'Kia',
      model: 'Sorento',
      year: 2022,
      vin: 'KNAPU81BDN7123456',
      color: 'White',
      mileage: '45,000 km',
      mileageKm: 44_000,
      condition: 'used',
    });
  });

  it("reads the customs invoice's car fields, the new ones included", () => {
    expect(vehicleOf({ customsInvoice: INVOICE })).toEqual({
      make: 'Kia',
      model: 'Sorento',
      year: 2022,
      vin: 'KNAPU81BDN7123456',
      color: 'Snow white pearl',
      engineNumber: 'G4KJ1234567',
      displacementCc: 2497,
      fuelType: 'Diesel',
      mileageKm: 45_000,
      condition: 'used',
    });
  });

  it('takes each field from the snapshot first, else the contract, else the customs invoice', () => {
    const vehicle = vehicleOf({
      carDetails: { makeEn: 'Kia', customerNotificationsEnabled: true },
      contract: { carDetails: { makeEn: 'Hyundai', modelEn: 'Sorento' }, vin: 'CONTRACTVIN0000001' },
      customsInvoice: { ...INVOICE, carMake: 'Genesis', carModel: 'G80', carYear: 2021, carVin: 'INVOICEVIN00000001' },
    });
    expect(vehicle).toMatchObject({
      make: 'Kia', // the snapshot's
      model: 'Sorento', // the contract's
      year: 2021, // the customs invoice's: nobody before it knows the year
      vin: 'CONTRACTVIN0000001',
      engineNumber: 'G4KJ1234567',
      color: 'Snow white pearl',
    });
  });

  it('falls through to the customs invoice when the snapshot and the contract know nothing', () => {
    const vehicle = vehicleOf({ carDetails: {}, contract: { carDetails: {} }, customsInvoice: INVOICE });
    expect(vehicleName(vehicle)).toBe('Kia Sorento 2022');
  });

  it('ignores values of the wrong type, so that the next source can give them', () => {
    const vehicle = vehicleOf({
      carDetails: {
        makeEn: 42,
        modelEn: { en: 'Sorento' },
        gradeEn: ['Prestige'],
        year: '2022',
        vin: 12345,
        color: null,
        kilometers: '45000',
        displacement: Number.NaN,
        fuelType: true,
        vehicleType: 7,
        title: ['Kia Sorento'],
        condition: 'refurbished',
      },
      customsInvoice: {
        carMake: 'Kia',
        carModel: 'Sorento',
        carYear: 2022.5,
        carVin: ['x'],
        mileageKm: -3,
        engineCapacityCc: 0,
        condition: 1,
      },
    });
    expect(vehicle).toEqual({ make: 'Kia', model: 'Sorento', condition: 'used' });
  });

  it("reads the engine's capacity from the order's car as the catalogue names it (displacement) or as the customs invoice does (engineCapacityCc)", () => {
    expect(vehicleOf({ carDetails: { displacement: 2497 } }).displacementCc).toBe(2497);
    expect(vehicleOf({ carDetails: { engineCapacityCc: 1998 } }).displacementCc).toBe(1998);
    expect(vehicleOf({ carDetails: { displacement: 2497, engineCapacityCc: 1998 } }).displacementCc).toBe(2497);
  });

  it('refuses a year outside 1900 to 2100, and a year that is not whole', () => {
    for (const year of [1899, 2101, 2022.5, Number.POSITIVE_INFINITY])
      expect(vehicleOf({ carDetails: { year } }).year, String(year)).toBeUndefined();
    expect(vehicleOf({ carDetails: { year: 1900 } }).year).toBe(1900);
  });

  it('ignores sources that are not objects', () => {
    const junk = [null, 'Kia Sorento', 42, ['Kia']] as unknown as Record<string, unknown>[];
    for (const value of junk) {
      expect(vehicleOf({ carDetails: value, contract: value as never, customsInvoice: value })).toEqual({
        condition: 'used',
      });
      expect(vehicleOf({ contract: { carDetails: value } })).toEqual({ condition: 'used' });
    }
  });

  it("trims strings and treats '' and blanks as absent", () => {
    const vehicle = vehicleOf({
      carDetails: { makeEn: '  Kia ', modelEn: '', vin: '   ', color: '\tWhite\n' },
      contract: { carDetails: { modelEn: ' Sorento ' }, vin: ' KNAPU81BDN7123456 ', mileage: '  ' },
    });
    expect(vehicle).toEqual({
      make: 'Kia',
      model: 'Sorento',
      vin: 'KNAPU81BDN7123456',
      color: 'White',
      condition: 'used',
    });
  });

  it('treats a placeholder typed for a name ("car", "unknown", "-") as absent', () => {
    const vehicle = vehicleOf({
      carDetails: { makeEn: 'Car', modelEn: 'unknown', title: 'car' },
      customsInvoice: { carMake: '-', carModel: 'Sorento' },
    });
    expect(vehicle).toEqual({ model: 'Sorento', condition: 'used' });
  });

  it("says 'used' only when no source says otherwise", () => {
    expect(vehicleOf({}).condition).toBe('used');
    expect(vehicleOf({ customsInvoice: { condition: 'new' } }).condition).toBe('new');
    expect(vehicleOf({ carDetails: { condition: ' New ' } }).condition).toBe('new');
    expect(vehicleOf({ carDetails: { condition: 'used' }, customsInvoice: { condition: 'new' } }).condition).toBe(
      'used',
    );
  });

  it('keeps a mileage as written beside the kilometres a source gives as a number', () => {
    expect(vehicleOf({ carDetails: { kilometers: 42_000 }, contract: { mileage: '45,000 km' } })).toMatchObject({
      mileageKm: 42_000,
      mileage: '45,000 km',
    });
    expect(vehicleOf({ contract: { mileage: '45,000 km' } }).mileageKm).toBeUndefined();
  });
});

describe('vehicleName', () => {
  it('names the car by make, model and year', () => {
    expect(vehicleName({ make: 'Kia', model: 'Sorento', year: 2022 })).toBe('Kia Sorento 2022');
    expect(vehicleName(vehicleOf({ carDetails: CATALOGUE }))).toBe('Hyundai Grandeur IG 2019');
  });

  it('names the car by what it knows of make, model and year', () => {
    expect(vehicleName({ make: 'Kia', model: 'Sorento' })).toBe('Kia Sorento');
    expect(vehicleName({ make: 'Kia', year: 2022 })).toBe('Kia 2022');
    expect(vehicleName({ model: 'Sorento', year: 2022 })).toBe('Sorento 2022');
    expect(vehicleName({ make: 'Kia', title: 'Kia Sorento 2.2D Signature' })).toBe('Kia');
  });

  it('does not repeat a make or a year the model was typed with', () => {
    expect(vehicleName({ make: 'Kia', model: 'Kia Sorento', year: 2022 })).toBe('Kia Sorento 2022');
    expect(vehicleName({ make: 'kia', model: 'KIA Sorento 2022', year: 2022 })).toBe('KIA Sorento 2022');
    expect(vehicleName({ make: 'Land Rover', model: 'Land Rover Defender', year: 2021 })).toBe(
      'Land Rover Defender 2021',
    );
    // Only whole words: "Mini" is not in "Minivan".
    expect(vehicleName({ make: 'Mini', model: 'Minivan' })).toBe('Mini Minivan');
  });

  it('uses the title when neither make nor model is known', () => {
    expect(vehicleName({ title: 'Hyundai Tucson 1.6T', year: 2021 })).toBe('Hyundai Tucson 1.6T');
    expect(vehicleName(vehicleOf({ carDetails: { title: ' Hyundai Tucson 1.6T ' } }))).toBe('Hyundai Tucson 1.6T');
  });

  it('is undefined when neither make, model nor title is known, whatever else is', () => {
    expect(vehicleName({})).toBeUndefined();
    expect(vehicleName({ year: 2022, vin: 'KNAPU81BDN7123456', color: 'White', condition: 'used' })).toBeUndefined();
  });

  it('never answers a placeholder or a blank, even from a Vehicle made by hand', () => {
    const odd = { make: ' ', model: 'car', title: 'CAR' } as Vehicle;
    expect(vehicleName(odd)).toBeUndefined();
    expect(vehicleName({ make: 42, model: null, title: 'car' } as unknown as Vehicle)).toBeUndefined();
  });
});

describe('vehicleLabel', () => {
  it('is the name when there is one, in either language', () => {
    const vehicle = vehicleOf({
      contract: { carDetails: { makeEn: 'Kia', modelEn: 'Sorento', year: 2022 }, vin: 'KNAPU81BDN7123456' },
    });
    expect(vehicleLabel(vehicle, 'en', 1042)).toBe('Kia Sorento 2022');
    expect(vehicleLabel(vehicle, 'ar', 1042)).toBe('Kia Sorento 2022');
  });

  it('names the car by its VIN when only the VIN is known', () => {
    const vehicle = vehicleOf({ customsInvoice: { carVin: 'KNAPU81BDN7123456', carYear: 2022 } });
    expect(vehicleLabel(vehicle, 'en', 1042)).toBe('the car with VIN KNAPU81BDN7123456');
    expect(vehicleLabel(vehicle, 'ar', 1042)).toBe('السيارة ذات رقم الهيكل KNAPU81BDN7123456');
  });

  it('says what is missing when nothing names the car', () => {
    expect(vehicleLabel(vehicleOf({ carDetails: {} }), 'en', 1042)).toBe(
      'the car of order #1042 (make and model not recorded yet)',
    );
    expect(vehicleLabel(vehicleOf({ carDetails: {} }), 'ar', 1042)).toBe(
      'سيارة الطلب رقم 1042 (لم تُسجَّل الماركة والطراز بعد)',
    );
    expect(vehicleLabel({ year: 2022, color: 'White' }, 'en', 7)).toBe(
      'the car of order #7 (make and model not recorded yet)',
    );
  });

  it('after text that already says "the car" ("سيارة"), describes an unnamed car without saying it again', () => {
    const afterCarWord = { afterCarWord: true };
    expect(vehicleLabel({}, 'en', 1042, afterCarWord)).toBe('car of order #1042 (make and model not recorded yet)');
    expect(vehicleLabel({}, 'ar', 1042, afterCarWord)).toBe('الطلب رقم 1042 (لم تُسجَّل الماركة والطراز بعد)');
    expect(vehicleLabel({ vin: 'KNAPU81BDN7123456' }, 'en', 1042, afterCarWord)).toBe('car with VIN KNAPU81BDN7123456');
    expect(vehicleLabel({ vin: 'KNAPU81BDN7123456' }, 'ar', 1042, afterCarWord)).toBe(
      'ذات رقم الهيكل KNAPU81BDN7123456',
    );
    // A name reads the same either way.
    expect(vehicleLabel({ make: 'Kia', model: 'Sorento', year: 2022 }, 'ar', 1042, afterCarWord)).toBe(
      'Kia Sorento 2022',
    );
    expect(vehicleLabel({}, 'en', 1042, { afterCarWord: false })).toBe(
      'the car of order #1042 (make and model not recorded yet)',
    );
  });

  it('falls back to English for a language it has no words in', () => {
    expect(vehicleLabel({}, 'fr' as 'en', 5)).toBe('the car of order #5 (make and model not recorded yet)');
  });

  it('never answers the bare word "car", however little is known', () => {
    const cases: Vehicle[] = [
      {},
      { condition: 'used' },
      { title: 'car' },
      { make: 'car' },
      { make: 'Car', model: ' ' },
      { vin: ' ' },
      vehicleOf({ carDetails: { title: 'car', makeEn: '', modelEn: 'CAR' } }),
      vehicleOf({
        carDetails: { makeEn: 1, modelEn: 2, year: 'car' },
        contract: { vin: '' },
        customsInvoice: { carMake: 'vehicle' },
      }),
    ];
    for (const vehicle of cases) {
      for (const language of ['en', 'ar'] as const) {
        for (const afterCarWord of [false, true]) {
          const label = vehicleLabel(vehicle, language, 1042, { afterCarWord });
          expect(label.trim().toLowerCase(), JSON.stringify(vehicle)).not.toBe('car');
          expect(label.trim(), JSON.stringify(vehicle)).not.toBe('سيارة');
          expect(label).toContain('1042');
        }
      }
    }
  });
});

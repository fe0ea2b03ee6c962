/** The country of origin on a customs invoice (lib/domain/origin.ts) and country names (lib/text/countries.ts). */
import { describe, expect, it } from 'vitest';
import { originOfMake, originOfVin } from '../../lib/domain/origin.js';
import { countryName } from '../../lib/text/countries.js';

describe('originOfMake', () => {
  it.each([
    [
      'KR',
      [
        'Hyundai',
        'Kia',
        'Genesis',
        'SsangYong',
        'KG Mobility',
        'Renault Korea',
        'Renault Samsung',
        'Chevrolet',
        'GM Daewoo',
      ],
    ],
    ['DE', ['BMW', 'Mercedes-Benz', 'Audi', 'Volkswagen', 'Porsche', 'Mini']],
    ['JP', ['Toyota', 'Lexus', 'Honda', 'Nissan', 'Infiniti', 'Mazda', 'Mitsubishi', 'Subaru']],
    ['US', ['Ford', 'Jeep', 'Cadillac', 'Tesla', 'Lincoln']],
    ['SE', ['Volvo']],
    ['GB', ['Land Rover', 'Jaguar']],
    ['FR', ['Peugeot', 'Citroen', 'Citroën']],
    ['IT', ['Maserati', 'Ferrari', 'Lamborghini']],
  ])('%s builds %j', (country, makes) => {
    for (const make of makes) expect(originOfMake(make), make).toBe(country);
  });

  it.each([
    'Mercedes Benz',
    'mercedes-benz',
    'MERCEDES BENZ',
    ' Mercedes-Benz ',
    'MercedesBenz',
    'land-rover',
    'LANDROVER',
    'kg mobility',
    'Ssang Yong',
  ])('reads %j whatever its case, spacing or hyphens', (make) => {
    expect(originOfMake(make)).toBeDefined();
  });

  it('knows a make by either of two names', () => {
    expect(originOfMake('Renault Korea / Renault Samsung')).toBe('KR');
    expect(originOfMake('Renault Korea (Samsung)')).toBe('KR');
    expect(originOfMake('KG Mobility (SsangYong)')).toBe('KR');
    expect(originOfMake('Chevrolet (GM Korea)')).toBe('KR');
  });

  it.each(['Lada', 'Skoda', '', ' ', 'constructor', 'toString', 'Korea'])('leaves %j to be stated by hand', (make) => {
    expect(originOfMake(make)).toBeUndefined();
  });
});

describe('countryName', () => {
  it.each([
    ['AE', 'United Arab Emirates', 'الإمارات العربية المتحدة'],
    ['KR', 'South Korea', 'كوريا الجنوبية'],
    ['DE', 'Germany', 'ألمانيا'],
    ['JP', 'Japan', 'اليابان'],
    ['US', 'United States', 'الولايات المتحدة'],
    ['SE', 'Sweden', 'السويد'],
    ['GB', 'United Kingdom', 'المملكة المتحدة'],
    ['FR', 'France', 'فرنسا'],
    ['IT', 'Italy', 'إيطاليا'],
    ['SA', 'Saudi Arabia', 'المملكة العربية السعودية'],
  ])('%s is %s, %s', (code, english, arabic) => {
    expect(countryName(code, 'en')).toBe(english);
    expect(countryName(code, 'ar')).toBe(arabic);
  });

  it('reads the code whatever its case', () => {
    expect(countryName('ae', 'en')).toBe('United Arab Emirates');
    expect(countryName(' kr ', 'ar')).toBe('كوريا الجنوبية');
  });

  it.each(['XX', 'ZZ', 'AA', 'QM', 'XA'])('gives back %s, a code that names no country', (code) => {
    expect(countryName(code, 'en')).toBe(code);
    expect(countryName(code, 'ar')).toBe(code);
  });

  it.each([
    ['', ''],
    ['UAE', 'UAE'],
    ['a1', 'A1'],
  ])('gives back %j, which is no alpha-2 code, as %j', (code, back) => {
    expect(countryName(code, 'en')).toBe(back);
  });

  it('names the origin of a make', () => {
    expect(countryName(originOfMake('Kia')!, 'ar')).toBe('كوريا الجنوبية');
  });
});

describe('originOfVin', () => {
  it("reads where the car was built from the VIN's manufacturer identifier", () => {
    expect(originOfVin('KNAPU81BDN7123456')).toBe('KR'); // Kia, Korea
    expect(originOfVin('5UXCR6C05L9B12345')).toBe('US'); // BMW X5, Spartanburg
    expect(originOfVin('LRW3E7FA5MC123456')).toBe('CN'); // Tesla, Shanghai
    expect(originOfVin('WBA8E9G50GNT12345')).toBe('DE');
    expect(originOfVin('JTDKN3DU0A0123456')).toBe('JP');
    expect(originOfVin('KAB12345678901234')).toBeUndefined(); // KA: not Korea
    expect(originOfVin('KNAPU81BDN712345')).toBeUndefined(); // 16 characters
    expect(originOfVin('KNAPU81BDN712345O')).toBeUndefined(); // O is not a VIN letter
  });
});

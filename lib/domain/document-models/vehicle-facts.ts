import { countryName } from '../../text/countries.js';
import { FUEL_WORDS_AR, type DocumentWords } from '../../text/document-words.js';
import type { Vehicle } from '../vehicle.js';
import { fact, numeral, type Digits, type DocumentLanguage, type Pair } from './model.js';

/** The car as a document describes it; what is not known is left out (the models say what they require). */
export function vehicleFacts(
  vehicle: Vehicle,
  w: DocumentWords,
  language: DocumentLanguage,
  digits: Digits,
  customs?: { hsCode?: string; origin?: string },
): Pair[] {
  const count = (value: number, unit: string) => `${numeral(value.toLocaleString('en-US'), digits)} ${unit}`;
  const fuel = vehicle.fuelType && language === 'ar' ? (FUEL_WORDS_AR[vehicle.fuelType.toLowerCase()] ?? vehicle.fuelType) : vehicle.fuelType;
  return [
    ...fact(w.make, vehicle.make),
    ...fact(w.model, [vehicle.model, vehicle.grade].filter(Boolean).join(' ')),
    ...fact(w.year, vehicle.year === undefined ? undefined : numeral(String(vehicle.year), digits)),
    ...fact(w.vin, vehicle.vin),
    ...fact(w.engineNumber, vehicle.engineNumber),
    ...fact(w.engineCapacity, vehicle.displacementCc ? count(vehicle.displacementCc, 'cc') : undefined),
    ...fact(w.fuel, fuel),
    ...fact(w.colour, vehicle.color),
    ...fact(w.mileage, vehicle.mileageKm !== undefined ? count(vehicle.mileageKm, 'km') : vehicle.mileage),
    ...fact(w.condition, vehicle.condition ? w[vehicle.condition] : undefined),
    ...(customs ? [...fact(w.hsCode, customs.hsCode), ...fact(w.origin, customs.origin ? countryName(customs.origin, language) : undefined)] : []),
  ];
}

import { colourName } from '../../text/colours.js';
import { countryName } from '../../text/countries.js';
import { FUEL_WORDS_AR, type DocumentWords } from '../../text/document-words.js';
import type { Vehicle } from '../vehicle.js';
import { fact, numeral, type Digits, type DocumentLanguage, type Pair } from './model.js';

/** A mileage written with its unit in kilometres ("45,000 km", as a contract's free text often has it). */
const WRITTEN_IN_KM = /^(\d[\d.,\s]*?)\s*(?:km|kms|kilometers|kilometres)\.?$/i;

/**
 * A mileage written as free text, as written; only its unit, when it is kilometres, is the Arabic
 * document's own word ("45,000 كم"), as the buyer's page writes it.
 */
function writtenMileage(mileage: string | undefined, w: DocumentWords, language: DocumentLanguage): string | undefined {
  const inKm = language === 'ar' ? mileage?.trim().match(WRITTEN_IN_KM) : null;
  return inKm ? `${inKm[1]} ${w.km}` : mileage;
}

/**
 * The car as a document describes it; what is not known is left out (the models say what they
 * require). Its fuel, colour and condition, and the unit of its mileage, are in the document's
 * language (the colour in the words the buyer's page uses, lib/text/colours.ts; one not listed as
 * recorded); names, codes and the engine's capacity in cc stay as they are.
 */
export function vehicleFacts(
  vehicle: Vehicle,
  w: DocumentWords,
  language: DocumentLanguage,
  digits: Digits,
  customs?: { hsCode?: string; origin?: string },
): Pair[] {
  const count = (value: number, unit: string) => `${numeral(value.toLocaleString('en-US'), digits)} ${unit}`;
  const fuel =
    vehicle.fuelType && language === 'ar'
      ? (FUEL_WORDS_AR[vehicle.fuelType.toLowerCase()] ?? vehicle.fuelType)
      : vehicle.fuelType;
  return [
    ...fact(w.make, vehicle.make),
    ...fact(w.model, [vehicle.model, vehicle.grade].filter(Boolean).join(' ')),
    ...fact(w.year, vehicle.year === undefined ? undefined : numeral(String(vehicle.year), digits)),
    ...fact(w.vin, vehicle.vin),
    ...fact(w.engineNumber, vehicle.engineNumber),
    ...fact(w.engineCapacity, vehicle.displacementCc ? count(vehicle.displacementCc, 'cc') : undefined),
    ...fact(w.fuel, fuel),
    ...fact(w.colour, vehicle.color ? colourName(vehicle.color, language) : undefined),
    ...fact(
      w.mileage,
      vehicle.mileageKm !== undefined ? count(vehicle.mileageKm, w.km) : writtenMileage(vehicle.mileage, w, language),
    ),
    ...fact(w.condition, vehicle.condition ? w[vehicle.condition] : undefined),
    ...(customs
      ? [
          ...fact(w.hsCode, customs.hsCode),
          ...fact(w.origin, customs.origin ? countryName(customs.origin, language) : undefined),
        ]
      : []),
  ];
}

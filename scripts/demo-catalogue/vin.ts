/** Demo VINs: random but well-formed, with the make's WMI, the model-year code and a valid check digit. */
import type { Rng } from './rng.js';

const VIN_CHARS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const VIN_PLANTS = [...'ABCDGJMSU0123456789'];
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function vinValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  const i = 'ABCDEFGHJKLMNPRSTUVWXYZ'.indexOf(c);
  // A-H = 1-8, J-N = 1-5, P = 7, R = 9, S-Z = 2-9
  return [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i] ?? 0;
}

/** The ISO 3779 check digit (position 9) of a 17-character VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += vinValue(vin.charAt(i)) * (VIN_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function makeVin(rng: Rng, wmi: string, year: number): string {
  let vds = '';
  for (let i = 0; i < 5; i++) vds += rng.pick(VIN_CHARS);
  // Model-year code cycles every 30 years from 1980 (A).
  const yearCode = VIN_YEAR_CODES.charAt((year - 1980) % 30);
  const plant = rng.pick(VIN_PLANTS);
  const serial = String(rng.int(0, 999_999)).padStart(6, '0');
  const draft = `${wmi}${vds}0${yearCode}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/**
 * The Harmonized System (HS 2022) code a customs invoice gives a used car: heading 8703 for
 * passenger cars, split by how the car is driven and, for engines alone, by displacement; heading
 * 8704 for goods vehicles. Customs in Jebel Ali (and any GCC port) read the first six digits the
 * same way; the national digits after them are the broker's to add.
 */

export interface CarForHsCode {
  fuelType?: string;
  displacementCc?: number;
  vehicleType?: string;
  /** Charged from the mains; when not stated, a hybrid counts as one that is not. */
  plugIn?: boolean;
}

export type HsCode = { code: string } | { missing: Array<'fuelType' | 'displacementCc'> };

type Drive = 'spark' | 'diesel' | 'hybrid-spark' | 'hybrid-diesel' | 'electric' | 'other';

/**
 * The catalogue's fuels (and a few spellings other sources use), lower case without spaces or
 * hyphens. LPG and CNG engines are spark-ignition engines. The catalogue's 'Hybrid' is a petrol
 * hybrid: that is what the Korean market sells, and the catalogue has no diesel hybrid.
 */
const DRIVES: Record<string, Drive> = {
  gasoline: 'spark',
  petrol: 'spark',
  lpg: 'spark',
  cng: 'spark',
  diesel: 'diesel',
  hybrid: 'hybrid-spark',
  gasolinehybrid: 'hybrid-spark',
  petrolhybrid: 'hybrid-spark',
  dieselhybrid: 'hybrid-diesel',
  electric: 'electric',
  hydrogen: 'electric',
};

/**
 * What each code this classification gives means, in the words of the HS 2022 nomenclature. The
 * invoice prints the code alone (customs reads the heading from it), so this table is kept for
 * people and tests, and no function bundle carries it.
 */
export const HS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '8703.21': 'Used passenger car, spark-ignition engine up to 1,000 cc',
  '8703.22': 'Used passenger car, spark-ignition engine over 1,000 cc up to 1,500 cc',
  '8703.23': 'Used passenger car, spark-ignition engine over 1,500 cc up to 3,000 cc',
  '8703.24': 'Used passenger car, spark-ignition engine over 3,000 cc',
  '8703.31': 'Used passenger car, diesel engine up to 1,500 cc',
  '8703.32': 'Used passenger car, diesel engine over 1,500 cc up to 2,500 cc',
  '8703.33': 'Used passenger car, diesel engine over 2,500 cc',
  '8703.40': 'Used passenger car, spark-ignition engine and electric motor, not plug-in',
  '8703.50': 'Used passenger car, diesel engine and electric motor, not plug-in',
  '8703.60': 'Used passenger car, spark-ignition engine and electric motor, plug-in hybrid',
  '8703.70': 'Used passenger car, diesel engine and electric motor, plug-in hybrid',
  '8703.80': 'Used passenger car, electric motor only',
  '8703.90': 'Used passenger car, other propulsion',
  '8704': 'Used motor vehicle for the transport of goods (sub-heading by gross vehicle weight)',
};

/** The sub-heading whose upper limit (cc) is the first at or above the displacement; Infinity closes each list. */
const SPARK_BANDS: Array<[number, string]> = [
  [1000, '8703.21'],
  [1500, '8703.22'],
  [3000, '8703.23'],
  [Number.POSITIVE_INFINITY, '8703.24'],
];
const DIESEL_BANDS: Array<[number, string]> = [
  [1500, '8703.31'],
  [2500, '8703.32'],
  [Number.POSITIVE_INFINITY, '8703.33'],
];

const banded = (bands: Array<[number, string]>, cc: number): HsCode => ({
  code: bands.find(([limit]) => cc <= limit)![1],
});

const knownCc = (cc: number | undefined): cc is number => cc !== undefined && Number.isFinite(cc) && cc > 0;

/** Not plug-in, then plug-in. */
const HYBRIDS = { 'hybrid-spark': ['8703.40', '8703.60'], 'hybrid-diesel': ['8703.50', '8703.70'] } as const;

/**
 * The code (HS_DESCRIPTIONS says what it means), or every fact it still needs at once: the fuel, and the
 * displacement unless it is known (most fuels need it, and asking for it only once the fuel is
 * given made a client ask twice; an electric car's fuel alone then settles it). A fuel the table
 * does not know is heading 8703.90, "other".
 */
export function hsCodeOf(car: CarForHsCode): HsCode {
  // A goods vehicle's sub-heading turns on its gross weight, which the catalogue does not give.
  if (car.vehicleType?.trim().toLowerCase() === 'truck') {
    return { code: '8704' };
  }
  const fuel = car.fuelType?.toLowerCase().replace(/[\s_-]+/g, '');
  if (!fuel) return { missing: knownCc(car.displacementCc) ? ['fuelType'] : ['fuelType', 'displacementCc'] };
  let drive = DRIVES[fuel] ?? 'other';
  // An engine car that charges from the mains can only be a plug-in hybrid.
  if (car.plugIn && drive === 'spark') drive = 'hybrid-spark';
  if (car.plugIn && drive === 'diesel') drive = 'hybrid-diesel';

  if (drive === 'electric') return { code: '8703.80' };
  if (drive === 'other') return { code: '8703.90' };
  if (drive === 'hybrid-spark' || drive === 'hybrid-diesel') return { code: HYBRIDS[drive][car.plugIn ? 1 : 0] };
  const cc = car.displacementCc;
  if (!knownCc(cc)) return { missing: ['displacementCc'] };
  return banded(drive === 'spark' ? SPARK_BANDS : DIESEL_BANDS, cc);
}

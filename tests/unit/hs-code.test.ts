/** The HS 2022 code of a used car on the customs invoice (lib/domain/hs-code.ts). */
import { describe, expect, it } from 'vitest';
import { HS_DESCRIPTIONS, hsCodeOf } from '../../lib/domain/hs-code.js';

/** The answer with what its code means, as the tests below state it. */
const described = (car: Parameters<typeof hsCodeOf>[0]) => {
  const answer = hsCodeOf(car);
  return 'code' in answer ? { code: answer.code, description: HS_DESCRIPTIONS[answer.code] } : answer;
};

const codeOf = (car: Parameters<typeof hsCodeOf>[0]) => {
  const answer = hsCodeOf(car);
  return 'code' in answer ? answer.code : answer;
};

describe('spark-ignition engines (petrol and LPG)', () => {
  it.each([
    [1, '8703.21'],
    [998, '8703.21'],
    [1000, '8703.21'],
    [1001, '8703.22'],
    [1500, '8703.22'],
    [1501, '8703.23'],
    [2500, '8703.23'],
    [2501, '8703.23'],
    [3000, '8703.23'],
    [3001, '8703.24'],
    [5000, '8703.24'],
  ])('%i cc is %s', (displacementCc, code) => {
    expect(codeOf({ fuelType: 'Gasoline', displacementCc })).toBe(code);
    expect(codeOf({ fuelType: 'LPG', displacementCc })).toBe(code);
  });

  it('describes the band in plain English', () => {
    expect(described({ fuelType: 'Gasoline', displacementCc: 1999 })).toEqual({
      code: '8703.23',
      description: 'Used passenger car, spark-ignition engine over 1,500 cc up to 3,000 cc',
    });
    expect(described({ fuelType: 'LPG', displacementCc: 998 })).toEqual({
      code: '8703.21',
      description: 'Used passenger car, spark-ignition engine up to 1,000 cc',
    });
  });
});

describe('diesel engines', () => {
  it.each([
    [1000, '8703.31'],
    [1001, '8703.31'],
    [1500, '8703.31'],
    [1501, '8703.32'],
    [2500, '8703.32'],
    [2501, '8703.33'],
    [3000, '8703.33'],
    [3001, '8703.33'],
  ])('%i cc is %s', (displacementCc, code) => {
    expect(codeOf({ fuelType: 'Diesel', displacementCc })).toBe(code);
  });

  it('describes the band in plain English', () => {
    expect(described({ fuelType: 'Diesel', displacementCc: 2199 })).toEqual({
      code: '8703.32',
      description: 'Used passenger car, diesel engine over 1,500 cc up to 2,500 cc',
    });
  });
});

describe('hybrids and electric cars', () => {
  it('a hybrid is a petrol hybrid, plug-in or not, whatever its displacement', () => {
    expect(described({ fuelType: 'Hybrid', displacementCc: 1598 })).toEqual({
      code: '8703.40',
      description: 'Used passenger car, spark-ignition engine and electric motor, not plug-in',
    });
    expect(codeOf({ fuelType: 'Hybrid' })).toBe('8703.40');
    expect(codeOf({ fuelType: 'Hybrid', plugIn: false })).toBe('8703.40');
    expect(described({ fuelType: 'Hybrid', plugIn: true })).toEqual({
      code: '8703.60',
      description: 'Used passenger car, spark-ignition engine and electric motor, plug-in hybrid',
    });
  });

  it('a diesel hybrid is .50, or .70 plug-in', () => {
    expect(codeOf({ fuelType: 'Diesel Hybrid', displacementCc: 1995 })).toBe('8703.50');
    expect(codeOf({ fuelType: 'diesel-hybrid', plugIn: true })).toBe('8703.70');
  });

  it('an engine car that plugs in is a plug-in hybrid', () => {
    expect(codeOf({ fuelType: 'Gasoline', displacementCc: 1998, plugIn: true })).toBe('8703.60');
    expect(codeOf({ fuelType: 'Diesel', displacementCc: 1995, plugIn: true })).toBe('8703.70');
  });

  it.each(['Electric', 'Hydrogen'])('%s (battery or fuel cell) drives by electric motor only: .80', (fuelType) => {
    expect(described({ fuelType })).toEqual({
      code: '8703.80',
      description: 'Used passenger car, electric motor only',
    });
    expect(codeOf({ fuelType, plugIn: true, displacementCc: 0 })).toBe('8703.80');
  });

  it('a fuel outside the table is "other"', () => {
    expect(described({ fuelType: 'Steam' })).toEqual({
      code: '8703.90',
      description: 'Used passenger car, other propulsion',
    });
  });
});

describe('the descriptions', () => {
  it('describe every code the classification gives, and only those', () => {
    const given = new Set<string>();
    for (const fuelType of ['Gasoline', 'Diesel', 'Hybrid', 'Diesel Hybrid', 'Electric', 'Steam'])
      for (const displacementCc of [900, 1200, 1800, 2200, 2800, 3500])
        for (const plugIn of [false, true])
          for (const vehicleType of ['Sedan', 'Truck']) {
            const answer = hsCodeOf({ fuelType, displacementCc, plugIn, vehicleType });
            if ('code' in answer) given.add(answer.code);
          }
    expect([...given].sort()).toEqual(Object.keys(HS_DESCRIPTIONS).sort());
  });
});

describe('reading the facts', () => {
  it('reads the fuel case-insensitively', () => {
    expect(codeOf({ fuelType: 'gasoline', displacementCc: 1598 })).toBe('8703.23');
    expect(codeOf({ fuelType: 'DIESEL', displacementCc: 1598 })).toBe('8703.32');
    expect(codeOf({ fuelType: 'lpg', displacementCc: 1999 })).toBe('8703.23');
    expect(codeOf({ fuelType: 'HYBRID' })).toBe('8703.40');
    expect(codeOf({ fuelType: 'electric' })).toBe('8703.80');
    expect(codeOf({ fuelType: 'hydrogen' })).toBe('8703.80');
  });

  it('names the fuel when it is missing, and the displacement with it unless it is known: everything at once', () => {
    expect(hsCodeOf({})).toEqual({ missing: ['fuelType', 'displacementCc'] });
    expect(hsCodeOf({ fuelType: '', displacementCc: 1998 })).toEqual({ missing: ['fuelType'] });
    expect(hsCodeOf({ fuelType: ' ', vehicleType: 'Sedan' })).toEqual({ missing: ['fuelType', 'displacementCc'] });
  });

  it('names the displacement when an engine car has none', () => {
    for (const fuelType of ['Gasoline', 'Diesel', 'LPG']) {
      expect(hsCodeOf({ fuelType })).toEqual({ missing: ['displacementCc'] });
      expect(hsCodeOf({ fuelType, displacementCc: 0 })).toEqual({ missing: ['displacementCc'] });
      expect(hsCodeOf({ fuelType, displacementCc: Number.NaN })).toEqual({ missing: ['displacementCc'] });
    }
  });

  it('a truck is heading 8704 whatever its engine, with nothing more to ask', () => {
    const truck = {
      code: '8704',
      description: 'Used motor vehicle for the transport of goods (sub-heading by gross vehicle weight)',
    };
    expect(described({ vehicleType: 'Truck', fuelType: 'Diesel', displacementCc: 2497 })).toEqual(truck);
    expect(described({ vehicleType: 'truck', fuelType: 'Electric' })).toEqual(truck);
    expect(described({ vehicleType: 'Truck' })).toEqual(truck);
  });

  it('other body types are passenger cars', () => {
    for (const vehicleType of ['Sedan', 'SUV', 'Hatchback', 'Van', 'Coupe', 'Wagon', 'Light car']) {
      expect(codeOf({ vehicleType, fuelType: 'Gasoline', displacementCc: 998 })).toBe('8703.21');
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  headlineOf,
  inputName,
  missingRequirements,
  versionConflict,
} from '../../console/src/api/error-details.js';
import { ar } from '../../console/src/app/folders.js';

describe('console error details', () => {
  it('names the form input of a body or query field, and none for headers and paths', () => {
    expect(inputName('body.totalAmount')).toBe('totalAmount');
    expect(inputName('body.items[2].amount')).toBe('items.2.amount');
    expect(inputName('query.createdFrom')).toBe('createdFrom');
    expect(inputName('If-Match')).toBeUndefined();
    expect(inputName('path.id')).toBeUndefined();
    expect(inputName(undefined)).toBeUndefined();
  });

  it('puts each problem next to its input and keeps the rest for the form', () => {
    const { fields, other } = fieldErrors({
      details: [
        { field: 'body.mobileNumber', message: 'must be a phone number with its country code' },
        { field: 'body.mobileNumber', message: 'is taken' },
        { field: 'body.items[0].amount', message: 'must be greater than 0' },
        { field: 'If-Match', message: 'is not the current version', currentVersion: 4 },
        { message: 'the tenant requires a second approver' },
      ],
    });
    expect(fields).toEqual({
      mobileNumber: 'must be a phone number with its country code; is taken',
      'items.0.amount': 'must be greater than 0',
    });
    expect(other).toEqual(['If-Match: is not the current version', 'the tenant requires a second approver']);
    expect(fieldErrors({}).fields).toEqual({});
  });

  it('recognises a version conflict and the current version', () => {
    expect(versionConflict({ code: 'VERSION_CONFLICT', details: [{ message: 'stale', currentVersion: 7 }] })).toEqual({
      currentVersion: 7,
    });
    expect(versionConflict({ code: 'PRECONDITION_FAILED', details: [] })).toEqual({});
    expect(versionConflict({ code: 'INVALID_TRANSITION' })).toBeUndefined();
    expect(versionConflict(undefined)).toBeUndefined();
  });

  it('reads the missing requirements of a refused move in words', () => {
    const details = [
      {
        message: 'refused',
        missingRequirements: [{ type: 'receipt', code: 'RECEIPT', message: 'A confirmed receipt' }, 'junk'],
      },
    ];
    expect(missingRequirements({ details })).toEqual(['A confirmed receipt']);
    expect(missingRequirements(undefined)).toEqual([]);
  });

  it("gives a general refusal's headline in the person's language, and a specific one as the API says it", () => {
    const arabic = (key: string) => key.split('.').reduce<any>((node, part) => node?.[part], ar) as string;
    expect(headlineOf({ code: 'VALIDATION_ERROR', error: 'Request validation failed' }, arabic)).toBe(
      'بعض الحقول بحاجة إلى تصحيح',
    );
    expect(
      headlineOf({ code: 'INVALID_STATE', error: 'Contract #7 is Signed; only a Draft can be edited' }, arabic),
    ).toBe('Contract #7 is Signed; only a Draft can be edited');
  });
});

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Scope } from '../domain/scope.js';

/** A condition for an update: its expression and the names and values it uses. */
export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/**
 * The scope as a condition on the item itself, so a write can never touch another tenant's (or
 * another marketer's) record, whatever the caller passed as id. Undefined for platform scope.
 */
export function scopeCondition(scope: Scope): Condition | undefined {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if (scope.tenantId !== undefined) {
    parts.push('tenantId = :scopeTenant');
    values[':scopeTenant'] = scope.tenantId;
  }
  if (scope.marketerId !== undefined) {
    parts.push('marketerId = :scopeMarketer');
    values[':scopeMarketer'] = scope.marketerId;
  }
  return parts.length === 0 ? undefined : { expression: parts.join(' AND '), values };
}

/** Joins conditions with AND, merging their names and values. */
export function allOf(...conditions: Array<Condition | undefined>): Condition {
  const present = conditions.filter((c): c is Condition => c !== undefined);
  return {
    expression: present.map((c) => c.expression).join(' AND '),
    names: Object.assign({}, ...present.map((c) => c.names ?? {})) as Record<string, string>,
    values: Object.assign({}, ...present.map((c) => c.values ?? {})) as Record<string, unknown>,
  };
}

/**
 * `SET a = :v0, b.c = :v1, updatedAt = :now` for the fields given; dotted paths set nested map
 * entries. Names are placeholders, so any field name is safe.
 */
export function setExpression(
  set: Record<string, unknown>,
  now: string,
): { expression: string; names: Record<string, string>; values: Record<string, unknown> } {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': now };
  const assignments: string[] = [];
  const removals: string[] = [];
  Object.entries(set).forEach(([path, value], i) => {
    const parts = path.split('.').map((part, j) => {
      names[`#f${i}_${j}`] = part;
      return `#f${i}_${j}`;
    });
    // A field set to undefined is taken off the item.
    if (value === undefined) removals.push(parts.join('.'));
    else {
      values[`:v${i}`] = value;
      assignments.push(`${parts.join('.')} = :v${i}`);
    }
  });
  const remove = removals.length > 0 ? ` REMOVE ${removals.join(', ')}` : '';
  return { expression: `SET ${[...assignments, '#updatedAt = :now'].join(', ')}${remove}`, names, values };
}

/**
 * The item a failed conditional write returned (ReturnValuesOnConditionCheckFailure: ALL_OLD),
 * decoded by its record's codec (`codec.decode`), which drops the keys and checks the rest.
 */
export function itemOfConditionFailure<T>(error: unknown, decode: (item: Record<string, unknown>) => T): T | undefined {
  // The DocumentClient leaves this item in wire format (aws/aws-sdk-js-v3#6723).
  const item = (error as { Item?: Record<string, AttributeValue> }).Item;
  if (!item) return undefined;
  return decode(unmarshall(item));
}

import type { Caller } from '../../domain/caller.js';
import { invalidField, invalidState } from '../../domain/errors.js';
import { scopeOf } from '../../domain/scope.js';
import { checkExpectedVersion, type ExpectedVersion } from '../../domain/versioning.js';
import { updateChild } from '../../store/order-children.js';
import { childInScope } from '../shared/order-children.js';
import { RETRY, withRetries } from '../shared/retry.js';
import { checkAmountFits, checkFreeForm, guard, versionOf, view, type UpdateBody } from './contract-record.js';

export async function updateContract(caller: Caller, id: string, body: UpdateBody, expected?: ExpectedVersion) {
  checkFreeForm(body);
  const scope = scopeOf(caller);
  // The version is the request's (the pipeline read it with If-Match), not a field of the contract.
  const { contractPdfUrl, version: _version, ...fields } = body;
  if (contractPdfUrl === undefined && Object.keys(fields).length === 0) {
    throw invalidField(
      'body',
      'must name a field of the contract to change besides version, e.g. {"notes": "Delivery by RoRo", "version": 3}',
    );
  }
  return withRetries(async () => {
    const contract = await childInScope(scope, 'CONTRACT', id);
    checkExpectedVersion(expected, versionOf(contract), 'contract');
    const draftOnly = () =>
      invalidState(`Contract #${contract.contractNumber} is ${contract.status}; only a Draft can be edited`, {
        status: contract.status,
      });
    if (contract.status !== 'Draft') throw draftOnly();
    checkAmountFits(fields.totalAmount ?? contract.totalAmount, fields.currency ?? contract.currency, fields);
    const set = {
      ...fields,
      ...(contractPdfUrl !== undefined ? { pdfUrl: contractPdfUrl } : {}),
      version: versionOf(contract) + 1,
    };
    const result = await updateChild(
      caller,
      scope,
      'CONTRACT',
      contract,
      set,
      guard(contract, ['Draft']),
      (changes, next) =>
        changes.audit({
          entity: 'contract',
          entityId: id,
          tenantId: contract.tenantId,
          action: 'updated',
          before: contract,
          after: next,
        }),
    );
    // Lost a race to another change: look again (the checks above decide on the contract as it now is).
    return result.ok ? view(result.record) : RETRY;
  });
}

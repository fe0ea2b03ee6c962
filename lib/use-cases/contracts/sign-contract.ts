import type { Caller } from '../../domain/caller.js';
import { CONTRACT_SIGNABLE } from '../../domain/documents.js';
import { invalidState, validationError } from '../../domain/errors.js';
import { scopeOf } from '../../domain/scope.js';
import { checkExpectedVersion, type ExpectedVersion } from '../../domain/versioning.js';
import { storableJsonProblems } from '../../domain/storable-json.js';
import { updateChild } from '../../store/order-children.js';
import { childInScope } from '../shared/order-children.js';
import { RETRY, withRetries } from '../shared/retry.js';
import { guard, storedView, versionOf, view, SIGNED_DOCUMENT_MAX_BYTES } from './contract-record.js';

export async function signContract(caller: Caller, id: string, signedDocument: unknown, expected?: ExpectedVersion) {
  if (signedDocument !== undefined) {
    const problems = storableJsonProblems(signedDocument, 'signedDocument', SIGNED_DOCUMENT_MAX_BYTES);
    if (problems.length > 0) throw validationError(problems);
  }
  const scope = scopeOf(caller);
  return withRetries(async () => {
    const contract = await childInScope(scope, 'CONTRACT', id);
    checkExpectedVersion(expected, versionOf(contract), 'contract');
    if (!CONTRACT_SIGNABLE.includes(contract.status))
      throw invalidState(`Contract #${contract.contractNumber} is already ${contract.status}`);
    const set = {
      status: 'Signed' as const,
      signedAt: new Date().toISOString(),
      version: versionOf(contract) + 1,
      ...(signedDocument !== undefined ? { signedDocument } : {}),
    };
    const result = await updateChild(
      caller,
      scope,
      'CONTRACT',
      contract,
      set,
      guard(contract, CONTRACT_SIGNABLE),
      (changes, next) => {
        changes.audit({
          entity: 'contract',
          entityId: id,
          tenantId: contract.tenantId,
          action: 'signed',
          before: contract,
          after: next,
        });
        changes.emit('contract.signed', contract.tenantId, { type: 'contract', id }, storedView(next), {
          orderId: contract.orderId,
        });
      },
    );
    return result.ok ? view(result.record) : RETRY;
  });
}

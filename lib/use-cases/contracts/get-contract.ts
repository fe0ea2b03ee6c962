import type { Caller } from '../../domain/caller.js';
import { scopeOf } from '../../domain/scope.js';
import { childInScope } from '../shared/order-children.js';
import { view } from './contract-record.js';

export async function getContract(caller: Caller, id: string) {
  return view(await childInScope(scopeOf(caller), 'CONTRACT', id));
}

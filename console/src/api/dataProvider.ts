import type { DataProvider, Identifier } from 'react-admin';
import type { Actions, DataPart, ResourceHandlers } from './handlers.js';

/**
 * The one place where react-admin's resources meet the API: each folder of the console gives the
 * handlers of its resources and its actions (app/folders.ts joins them), and each method is
 * passed to the resource's own handler. A resource or method nobody handles is refused in words.
 */
export function dataProviderOf(parts: readonly DataPart[]): DataProvider & Actions {
  const handlers = new Map<string, ResourceHandlers>();
  const actions: Actions = {};
  for (const part of parts) {
    for (const [resource, handler] of Object.entries(part.handlers ?? {})) {
      if (handlers.has(resource)) throw new Error(`Two folders handle ${resource}`);
      handlers.set(resource, handler);
    }
    for (const [name, action] of Object.entries(part.actions ?? {})) {
      if (name in actions) throw new Error(`Two folders have the action ${name}`);
      actions[name] = action;
    }
  }
  const handler = <M extends keyof ResourceHandlers>(
    resource: string,
    method: M,
    refusal: string,
  ): NonNullable<ResourceHandlers[M]> => {
    const found = handlers.get(resource)?.[method];
    if (!found) throw new Error(refusal);
    return found;
  };

  const dataProvider: DataProvider = {
    getList: async (resource, params) => handler(resource, 'getList', `No list of ${resource}`)(params, resource),
    getManyReference: async (resource, params) => {
      const byTarget = handlers.get(resource)?.getManyReference?.[params.target];
      if (!byTarget) throw new Error(`No list of ${resource} by ${params.target}`);
      return byTarget(params);
    },
    getOne: async (resource, params) => handler(resource, 'getOne', `No record of ${resource}`)(params),
    getMany: async (resource, { ids }) => {
      const one = handler(resource, 'getOne', `No record of ${resource}`);
      return { data: await Promise.all(ids.map(async (id: Identifier) => (await one({ id })).data)) };
    },
    create: async (resource, params) => handler(resource, 'create', `Cannot create ${resource}`)(params),
    update: async (resource, params) => handler(resource, 'update', `Cannot edit ${resource}`)(params),
    updateMany: async () => {
      throw new Error('Not supported');
    },
    delete: async (resource, params) => handler(resource, 'delete', `Cannot delete ${resource}`)(params),
    deleteMany: async () => {
      throw new Error('Not supported');
    },
  };
  return { ...dataProvider, ...actions };
}

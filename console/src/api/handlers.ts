import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetListResult,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import type { RouteKey } from '../auth/permissions.js';

/** What a handler answers for one record: react-admin's generic record type, the typed client's answer being the record. */
export type RecordAnswer = Promise<{ data: never }>;

/**
 * How one resource meets the API: each react-admin method it answers is a call of the typed client
 * (client/index.ts). A method left out is refused in words by the data provider.
 */
export interface ResourceHandlers {
  getList?: (params: GetListParams, resource: string) => Promise<GetListResult>;
  /** By the field the records are found by (`orderId`, `walletId`...). */
  getManyReference?: Record<string, (params: GetManyReferenceParams) => Promise<GetListResult>>;
  getOne?: (params: GetOneParams) => RecordAnswer;
  create?: (params: CreateParams) => RecordAnswer;
  update?: (params: UpdateParams) => RecordAnswer;
  delete?: (params: DeleteParams) => RecordAnswer;
}

/** Actions beyond react-admin's methods (confirm, sign, rotate...), one typed call each. */
export type Actions = Record<string, (...args: never[]) => Promise<unknown>>;

/** A folder's share of the data provider: its resources' handlers and its actions. */
export interface DataPart {
  handlers?: Record<string, ResourceHandlers>;
  actions?: Actions;
  /** The route behind each of its resources' "create" screen, so the button shows only for a key that may call it. */
  creates?: Record<string, RouteKey>;
}

export const ok = (data: object): { data: never } => ({ data: data as never });
export const records = <T>(rows: T[], total?: number): GetListResult => ({
  data: rows as unknown as RaRecord[],
  total: total ?? rows.length,
});

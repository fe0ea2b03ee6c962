import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';

/** What names an order to a person in a list: its number, and its customer's name. */
export interface OrderLabel {
  orderNumber: number;
  customerName?: string;
}

/**
 * The labels of these orders (a page of a list's worth, at most 100 at a time) from their heads'
 * number and customer alone, by key, in any scope: the caller lists records of orders in its
 * scope. An order that is gone has no label.
 */
export async function orderLabels(orderIds: readonly string[]): Promise<Map<string, OrderLabel>> {
  const table = tableName();
  const labels = new Map<string, OrderLabel>();
  const ids = [...new Set(orderIds)];
  for (let i = 0; i < ids.length; i += 100) {
    let request:
      | Record<
          string,
          {
            Keys: Array<Record<string, unknown>>;
            ProjectionExpression: string;
            ExpressionAttributeNames: Record<string, string>;
          }
        >
      | undefined = {
      [table]: {
        Keys: ids.slice(i, i + 100).map((id) => keys.order(id)),
        ProjectionExpression: '#id, orderNumber, customer.#name',
        ExpressionAttributeNames: { '#id': 'id', '#name': 'name' },
      },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const head of result.Responses?.[table] ?? []) {
        const customer = head.customer as { name?: unknown } | undefined;
        labels.set(String(head.id), {
          orderNumber: Number(head.orderNumber),
          ...(typeof customer?.name === 'string' ? { customerName: customer.name } : {}),
        });
      }
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return labels;
}

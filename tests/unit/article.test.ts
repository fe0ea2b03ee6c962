import { describe, expect, it } from 'vitest';
import { withArticle } from '../../lib/text/article.js';

describe('withArticle', () => {
  it.each([
    ['admin', 'an admin'],
    ['operations', 'an operations'],
    ['accountant', 'an accountant'],
    ['integrator', 'an integrator'],
    ['inspector', 'an inspector'],
    ['marketer', 'a marketer'],
    ['invoice', 'an invoice'],
    ['receipt', 'a receipt'],
    ['refund', 'a refund'],
    ['user', 'a user'],
    ['unknown', 'an unknown'],
    ['AED', 'an AED'],
    ['SAR', 'an SAR'],
    ['OMR', 'an OMR'],
    ['USD', 'a USD'],
    ['KRW', 'a KRW'],
    ['EUR', 'an EUR'],
    ['image/png', 'an image/png'],
  ])('%s -> %s', (word, expected) => {
    expect(withArticle(word)).toBe(expected);
  });
});

import decimalLight from 'decimal.js-light';

/**
 * Exact decimal arithmetic for money (decimal.js-light: the operations money needs, at a third
 * of decimal.js's size in every bundle). Its CommonJS build exports the class, which carries
 * itself as `Decimal`; its ES module build (picked by bundlers and test runners) exports the
 * class as default. Both are read here.
 */
type DecimalClass = (typeof decimalLight)['Decimal'];
export const Decimal: DecimalClass = (decimalLight as unknown as { Decimal?: DecimalClass }).Decimal ?? (decimalLight as unknown as DecimalClass);
export type Decimal = InstanceType<DecimalClass>;

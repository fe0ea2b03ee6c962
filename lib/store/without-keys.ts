/** The attributes that place an item in the table and its indexes, and its type and expiry: never part of a record. */
type KeyAttribute =
  | 'pk'
  | 'sk'
  | 'gsi1pk'
  | 'gsi1sk'
  | 'gsi2pk'
  | 'gsi2sk'
  | 'gsi3pk'
  | 'gsi3sk'
  | 'gsi4pk'
  | 'gsi4sk'
  | 'gsi5pk'
  | 'gsi5sk'
  | 'gsi6pk'
  | 'gsi6sk'
  | 'gsi7pk'
  | 'gsi7sk'
  | 'gsi8pk'
  | 'gsi8sk'
  | 'gsi9pk'
  | 'gsi9sk'
  | 'gsi10pk'
  | 'gsi10sk'
  | 'entity'
  | 'expiresAt';

const KEY_ATTRIBUTES: ReadonlySet<string> = new Set<KeyAttribute>([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  // GSI4 held the order lists before they got indexes of their own (GSI5-8): older items still carry its keys.
  'gsi4pk',
  'gsi4sk',
  'gsi5pk',
  'gsi5sk',
  'gsi6pk',
  'gsi6sk',
  'gsi7pk',
  'gsi7sk',
  'gsi8pk',
  'gsi8sk',
  'gsi9pk',
  'gsi9sk',
  'gsi10pk',
  'gsi10sk',
  'entity',
  'expiresAt',
]);

/** Strips the key attributes before a record leaves the data layer. */
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, KeyAttribute> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name))) as Omit<
    T,
    KeyAttribute
  >;
}

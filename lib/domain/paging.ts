/** The `meta` of a list answer (docs/api.md, "Responses and errors"). */
export interface PageMeta {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** The car list with ?currency: the rate used, or why there is none. */
  currency?: CurrencyMeta;
}

/** With ?currency on the cars: the rate convertedPrice uses, or why there is none. */
export interface CurrencyMeta {
  code: string;
  rate: string | null;
  reason?: string;
}

export const pageMeta = (page: number, limit: number, total: number): PageMeta => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

/** The `meta` of a list paged by cursor: pass nextCursor back for the next page. */
export interface CursorMeta {
  limit: number;
  nextCursor?: string;
}

/**
 * The `meta` of the order list: page and limit as asked; nextCursor while the list goes on;
 * total and totalPages once a page numbered from the start reaches its end.
 */
export interface OrderListMeta {
  page: number;
  limit: number;
  nextCursor?: string;
  total?: number;
  totalPages?: number;
}

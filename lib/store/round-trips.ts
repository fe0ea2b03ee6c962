/** Counts DynamoDB round trips in this container; the request log reports it per request. */
export const roundTrips = {
  count: 0,
  reset(): number {
    const count = this.count;
    this.count = 0;
    return count;
  },
};

import { useStore } from 'react-admin';

/** The customer the catalogue is picking a car for (from the customer's page), and their destination when their country is a code. */
export interface ForCustomer {
  id: string;
  name: string;
  country?: string;
  currency?: string;
}

/**
 * The customer a car is being chosen for, kept in the console's memory store while the person
 * moves between the catalogue and a car's page; cleared when the order is placed or they stop.
 */
export function useForCustomer(): [ForCustomer | undefined, (value: ForCustomer | undefined) => void] {
  return useStore<ForCustomer | undefined>('vpo.catalogue.forCustomer', undefined);
}

/** The destination the catalogue and the car page start from, chosen last there or the customer's country. */
export function useDestination(): [string, (value: string) => void] {
  const [forCustomer] = useForCustomer();
  return useStore<string>('vpo.catalogue.destination', forCustomer?.country ?? '');
}

import { Alert } from '@mui/material';
import { useEffect } from 'react';
import {
  DataTable,
  List,
  NumberInput,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  useListContext,
  useTranslate,
} from 'react-admin';
import { COMMON_CURRENCIES } from '../api/enums.js';
import type { CarListItem } from '../api/types.js';
import { Money, useFormat, When } from '../common/format.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListBody } from '../common/ListBody.js';
import { ListHeading } from '../common/ListHeading.js';
import { ForCustomerBanner, useDestinationChoices } from '../import-rules/Destination.js';
import { useDestination } from '../import-rules/for-customer.js';

/** A car as a list row: react-admin's records always have their id. */
type CarRow = CarListItem & { id: number };

function Price({ car }: { car: CarListItem }) {
  const { number } = useFormat();
  const translate = useTranslate();
  if (car.convertedCurrency && car.convertedPrice !== null && car.convertedPrice !== undefined)
    return <Money amount={car.convertedPrice} currency={car.convertedCurrency} />;
  return <span>{translate('vpo.cars.rawPrice', { price: number(car.price) })}</span>;
}

/** When the chosen currency has no rate yet, the API says why (meta.currency.reason). */
function RateNotice() {
  const translate = useTranslate();
  const { meta, filterValues } = useListContext();
  const currency = (meta as { currency?: { code?: string; rate?: number | null; reason?: string } } | undefined)
    ?.currency;
  if (!filterValues.currency || !currency || currency.rate !== null) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {translate('vpo.cars.noRate', {
        currency: currency.code ?? filterValues.currency,
        reason: currency.reason ?? '',
      })}
    </Alert>
  );
}

/** The destination filtered on is remembered, so a car's page opened from the list checks the same country. */
function RememberDestination() {
  const { filterValues } = useListContext();
  const [, setDestination] = useDestination();
  const chosen = typeof filterValues.importableTo === 'string' ? filterValues.importableTo : '';
  useEffect(() => setDestination(chosen), [chosen, setDestination]);
  return null;
}

/**
 * The tenant's catalogue with the main filters and its price in a chosen currency; a destination
 * shows only the cars its import rules let in (the API decides which). Opened to pick a car for a
 * customer, it starts from that customer's country.
 */
export function CarList() {
  const translate = useTranslate();
  const destinations = useDestinationChoices();
  const [destination] = useDestination();
  const filters = [
    <SearchInput
      key="search"
      source="search"
      alwaysOn
      slotProps={{ htmlInput: { 'aria-label': translate('resources.cars.fields.search') } }}
    />,
    <SelectInput
      key="currency"
      source="currency"
      choices={COMMON_CURRENCIES.map((code) => ({ id: code, name: code }))}
      alwaysOn
    />,
    <SelectInput
      key="importableTo"
      source="importableTo"
      label="vpo.importRules.check.destination"
      choices={
        // A destination remembered before the rules are read stays offered, so the filter shows it.
        destination && !destinations.some((choice) => choice.id === destination)
          ? [...destinations, { id: destination, name: destination }]
          : destinations
      }
      emptyText="vpo.importRules.check.anyDestination"
      alwaysOn
    />,
    <TextInput key="makeEn" source="makeEn" alwaysOn />,
    <TextInput key="modelEn" source="modelEn" />,
    <NumberInput key="yearFrom" source="yearFrom" />,
    <NumberInput key="yearTo" source="yearTo" />,
    <NumberInput key="priceFrom" source="priceFrom" />,
    <NumberInput key="priceTo" source="priceTo" />,
    <NumberInput key="kmTo" source="kmTo" />,
    <TextInput key="fuelType" source="fuelType" />,
    <TextInput key="transmission" source="transmission" />,
  ];
  return (
    <>
      <ListHeading />
      <ForCustomerBanner />
      <List
        filters={filters}
        filterDefaultValues={{ currency: 'USD', ...(destination ? { importableTo: destination } : {}) }}
        perPage={20}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
      >
        <RateNotice />
        <RememberDestination />
        <ListBody
          phone={
            <SimpleList<CarRow>
              rowClick="show"
              leftIcon={(car) =>
                car.thumbnailUrl ? (
                  <img
                    src={car.thumbnailUrl}
                    alt=""
                    width={56}
                    height={40}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                    loading="lazy"
                  />
                ) : null
              }
              primaryText={(car) => car.title}
              secondaryText={(car) => <Price car={car} />}
              tertiaryText={(car) => (
                <>
                  {car.year} · <KmField km={car.kilometers} />
                </>
              )}
            />
          }
        >
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col
              source="thumbnailUrl"
              label="vpo.cars.photos"
              disableSort
              render={(car) =>
                car.thumbnailUrl ? (
                  <img
                    src={car.thumbnailUrl}
                    alt=""
                    width={72}
                    height={48}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                    loading="lazy"
                  />
                ) : null
              }
            />
            <DataTable.Col source="title" disableSort />
            <DataTable.Col source="year" />
            <DataTable.Col source="kilometers" render={(car: CarListItem) => <KmField km={car.kilometers} />} />
            <DataTable.Col source="fuelType" disableSort />
            <DataTable.Col
              source="price"
              label="resources.cars.fields.convertedPrice"
              render={(car: CarListItem) => <Price car={car} />}
            />
            <DataTable.Col source="auctionDate" render={(car: CarListItem) => <When iso={car.auctionDate} day />} />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}

function KmField({ km }: { km: number | undefined }) {
  const { number } = useFormat();
  return <span>{number(km)}</span>;
}

import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  ImageList,
  ImageListItem,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router';
import { COMMON_CURRENCIES, ORDER_CURRENCIES } from '../api/enums.js';
import type { CarDetail } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { Money, useFormat, When } from '../common/format.js';
import { ErrorState, Loading } from '../common/states.js';
import { Facts, Panel } from '../common/Panel.js';
import { ForCustomerBanner, useDestinationChoices } from '../import-rules/Destination.js';
import { useDestination, useForCustomer } from '../import-rules/for-customer.js';
import { ImportCheckView } from '../import-rules/ImportCheckView.js';

/**
 * A car: photos, facts, options and damage, its price in a chosen currency, whether a chosen
 * destination's import rules let it in (as the API judges it), and "order this car for a customer".
 */
export function CarShow() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useMe();
  const [currency, setCurrency] = useState('USD');
  const [destination, setDestination] = useDestination();
  const [forCustomer] = useForCustomer();
  const destinations = useDestinationChoices();
  const {
    data: car,
    isPending,
    error,
    refetch,
  } = useGetOne<CarDetail & { id: number; rate?: { rate?: number | null; reason?: string } }>('cars', {
    id: Number(id),
    meta: { currency, importableTo: destination },
  });
  if (isPending) return <Loading />;
  if (error || !car) return <ErrorState error={error} retry={refetch} />;
  const rate = car.rate;
  const orderable =
    (ORDER_CURRENCIES as readonly string[]).includes(currency) && typeof car.convertedPrice === 'number';
  const field = (name: string) => translate(`resources.cars.fields.${name}`);

  return (
    <Box sx={{ my: 2 }}>
      <Title title={car.title} />
      <ForCustomerBanner />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}
      >
        <Typography component="h1" variant="h5">
          {car.title} · {car.year}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            id="car-currency"
            label={translate('vpo.cars.priceIn')}
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            sx={{ minWidth: 120 }}
          >
            {COMMON_CURRENCIES.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            id="car-destination"
            label={translate('vpo.importRules.check.destination')}
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{translate('vpo.importRules.check.anyDestination')}</MenuItem>
            {destinations.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
            {destination && !destinations.some((choice) => choice.id === destination) && (
              <MenuItem value={destination}>{destination}</MenuItem>
            )}
          </TextField>
          <Typography variant="h6" component="p">
            {typeof car.convertedPrice === 'number' ? (
              <Money amount={car.convertedPrice} currency={car.convertedCurrency} />
            ) : (
              translate('vpo.cars.rawPrice', { price: format.number(car.price) })
            )}
          </Typography>
          {can('POST /api/v1/orders') && car.availability === 'available' && (
            <Button
              variant="contained"
              component={Link}
              to="/orders/create"
              state={{
                record: {
                  carId: car.id,
                  ...(orderable ? { totalAmount: car.convertedPrice, currency } : {}),
                  ...(forCustomer ? { customerId: forCustomer.id } : {}),
                  ...(destination ? { destinationCountry: destination } : {}),
                },
              }}
            >
              {translate('vpo.cars.orderFor')}
            </Button>
          )}
        </Stack>
      </Stack>
      {car.availability !== 'available' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(`vpo.cars.${car.availability}`, { date: car.removedAt ? format.dateTime(car.removedAt) : '—' })}
        </Alert>
      )}
      {rate?.rate === null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('vpo.cars.noRate', { currency, reason: rate.reason ?? '' })}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Panel title={translate('vpo.cars.photos')}>
            <ImageList cols={3} rowHeight={140}>
              {car.images.map((url, index) => (
                <ImageListItem key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img
                      src={url}
                      alt={translate('vpo.cars.photo', { n: index + 1, car: car.title })}
                      loading="lazy"
                      style={{ width: '100%', height: 140, objectFit: 'cover' }}
                    />
                  </a>
                </ImageListItem>
              ))}
            </ImageList>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Panel title={translate('resources.cars.name', { smart_count: 1 })}>
            <Facts
              items={[
                [field('makeEn'), car.makeEn],
                [field('modelEn'), `${car.modelEn} ${car.gradeEn}`],
                [field('year'), String(car.year)],
                // What the import rules read: shown when the catalogue has them.
                ...(car.firstRegistration
                  ? [[field('firstRegistration'), car.firstRegistration] as [string, string]]
                  : []),
                ...(car.displacement !== undefined
                  ? [[field('displacement'), format.number(car.displacement)] as [string, string]]
                  : []),
                [field('kilometers'), format.number(car.kilometers)],
                [field('fuelType'), car.fuelType],
                [field('transmission'), car.transmission],
                [field('color'), car.color],
                [field('provider'), car.provider],
                [field('city'), car.city],
                [field('auctionDate'), <When key="a" iso={car.auctionDate} day />],
                [field('price'), format.number(car.price)],
                ['VIN', car.vin ?? '—'],
              ]}
            />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={translate('vpo.importRules.check.title')}>
            {car.importCheck ? (
              <ImportCheckView check={car.importCheck} />
            ) : (
              <Typography variant="body2">{translate('vpo.importRules.check.chooseDestination')}</Typography>
            )}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={translate('vpo.cars.options')}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {car.options.map((option) => (
                <Chip key={option} size="small" label={option} />
              ))}
            </Stack>
          </Panel>
        </Grid>
        {car.priceHistory?.length ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <Panel title={translate('vpo.cars.priceHistory')}>
              <Facts
                items={car.priceHistory.map((change) => [
                  format.dateTime(change.at),
                  translate('vpo.cars.priceChange', { from: format.number(change.from), to: format.number(change.to) }),
                ])}
              />
            </Panel>
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={translate('vpo.cars.damage')}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {car.damage.length
                ? car.damage.map((damage) => (
                    <Chip key={damage} size="small" color="warning" variant="outlined" label={damage} />
                  ))
                : translate('vpo.common.none')}
            </Stack>
          </Panel>
        </Grid>
      </Grid>
    </Box>
  );
}

import {
  AutocompleteInput,
  DataTable,
  DateInput,
  List,
  Pagination,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { ORDER_STATUSES } from '../api/enums.js';
import type { Order } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { Money, When } from '../common/format.js';
import { OpenByNumber } from './OpenByNumber.js';
import { StatusChip } from './StatusChip.js';
import { CreateAction } from '../common/CreateAction.js';
import { ListEmpty } from '../common/ListEmpty.js';
import { ListError } from '../common/ListError.js';
import { ListBody } from '../common/ListBody.js';
import { ListHeading } from '../common/ListHeading.js';

function carTitle(order: Order): string {
  const car = order.carDetails as { makeEn?: unknown; modelEn?: unknown; year?: unknown; title?: unknown };
  const text = [car.makeEn, car.modelEn, car.year]
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .join(' ');
  return text || (typeof car.title === 'string' ? car.title : '—');
}

function Filters() {
  const translate = useTranslate();
  const { can } = useMe();
  return [
    <SelectInput
      key="status"
      source="status"
      choices={ORDER_STATUSES.map((status) => ({ id: status, name: translate(`vpo.status.${status}`) }))}
      alwaysOn
    />,
    ...(can('GET /api/v1/customers')
      ? [
          <ReferenceInput key="customerId" source="customerId" reference="customers" alwaysOn>
            <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
          </ReferenceInput>,
        ]
      : []),
    ...(can('GET /api/v1/users')
      ? [
          <ReferenceInput key="marketerId" source="marketerId" reference="users" filter={{ role: 'marketer' }}>
            <SelectInput optionText="name" />
          </ReferenceInput>,
        ]
      : []),
    <DateInput key="createdFrom" source="createdFrom" />,
    <DateInput key="createdTo" source="createdTo" />,
  ];
}

function Actions() {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <OpenByNumber />
      <CreateAction />
    </TopToolbar>
  );
}

/** The orders, newest first, with the API's filters and cursor paging (one page read each time). */
export function OrderList() {
  const filters = Filters();
  return (
    <>
      <ListHeading />
      <List
        filters={filters}
        actions={<Actions />}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />}
        perPage={20}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={<ListEmpty />}
        error={<ListError />}
        storeKey={false}
      >
        <ListBody
          phone={
            <SimpleList<Order>
              rowClick="show"
              primaryText={(order) => `${order.orderNumber} · ${order.customer.name}`}
              secondaryText={(order) => (
                <>
                  {carTitle(order)} · <Money amount={order.totalAmount} currency={order.currency} />
                </>
              )}
              tertiaryText={(order) => <StatusChip status={order.status} />}
            />
          }
        >
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="orderNumber" disableSort />
            <DataTable.Col
              source="status"
              disableSort
              render={(order: Order) => <StatusChip status={order.status} />}
            />
            <DataTable.Col source="customer" disableSort render={(order: Order) => order.customer.name} />
            <DataTable.Col source="car" disableSort render={(order: Order) => carTitle(order)} />
            <DataTable.Col
              source="totalAmount"
              disableSort
              render={(order: Order) => <Money amount={order.totalAmount} currency={order.currency} />}
            />
            <DataTable.Col source="marketer" disableSort render={(order: Order) => order.marketer?.name ?? '—'} />
            <DataTable.Col source="createdAt" disableSort render={(order: Order) => <When iso={order.createdAt} />} />
          </DataTable>
        </ListBody>
      </List>
    </>
  );
}

export { carTitle };

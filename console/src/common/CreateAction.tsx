import { CreateButton, type CreateButtonProps, useResourceContext } from 'react-admin';
import { CREATE_ROUTES } from '../auth/create-routes.js';
import { useMe } from '../auth/useMe';

/** react-admin's "create" button, shown only when the signed-in key may call the resource's create route. */
export function CreateAction(props: CreateButtonProps) {
  const resource = useResourceContext(props) ?? '';
  const { can } = useMe();
  const route = CREATE_ROUTES[resource];
  if (!route || !can(route)) return null;
  return <CreateButton {...props} />;
}

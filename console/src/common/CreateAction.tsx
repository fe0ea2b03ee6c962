import { CreateButton, type CreateButtonProps, useResourceDefinition } from 'react-admin';
import type { RouteKey } from '../auth/permissions.js';
import { useMe } from '../auth/useMe.js';

/** react-admin's "create" button, shown only when the signed-in key may call the resource's create route. */
export function CreateAction(props: CreateButtonProps) {
  const { options } = useResourceDefinition(props);
  const { can } = useMe();
  const route = options?.createRoute as RouteKey | undefined;
  if (!route || !can(route)) return null;
  return <CreateButton {...props} />;
}

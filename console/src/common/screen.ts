import { type ComponentType, lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { RouteKey } from '../auth/permissions.js';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A screen in a chunk of its own: the first load carries the sign-in page, the layout and Today.
 * Once signed in, the other screens load in the background (preloadScreens), so moving to one
 * renders it at once; until then react-admin's layout shows progress while it loads.
 */
export function screen<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  let ready: { default: ComponentType } | undefined;
  const fetch = async () => (ready = { default: (await load())[name] as ComponentType });
  loaders.push(fetch);
  // Already loaded: a thenable that answers at once, so React renders the screen without suspending.
  const now = (module: { default: ComponentType }) => ({
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable, and this one must answer synchronously
    then: (resolve: (value: typeof module) => void) => resolve(module),
  });
  return lazy(() => (ready ? now(ready) : fetch()) as Promise<{ default: ComponentType }>);
}

/** Loads every screen's chunk (after sign-in, in the background). */
export function preloadScreens(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

/** An entry of the menu, shown only to a key that may call its route. */
export interface MenuItem {
  to: string;
  /** Catalogue key of its label. */
  label: string;
  icon: ComponentType;
  route?: RouteKey;
}

/** What a folder shows: its react-admin resources, its pages of its own, its menu entries. */
export interface FolderScreens {
  resources?: ResourceProps[];
  routes?: { path: string; element: ComponentType }[];
  menu: MenuItem[];
}

import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement } from 'react';

/**
 * A list's rows: on a phone (narrower than MUI's `sm`, 600 px) as lines of text (react-admin's
 * SimpleList, `phone`), otherwise as its table. A table that is still wider than the screen
 * scrolls inside its own box (Layout), never the page.
 */
export function ListBody({ phone, children }: { phone: ReactElement; children: ReactElement }) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return small ? phone : children;
}

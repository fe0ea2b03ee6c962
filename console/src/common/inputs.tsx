import { DateTimeInput, type DateTimeInputProps, useTranslate } from 'react-admin';
import { useMe } from '../auth/useMe.js';
import { instantOfWallTime, wallTimeIn } from '../i18n/format.js';

/**
 * A date and time typed in the tenant's time zone, the zone every page shows times in (the
 * browser's own when the tenant has none), sent as an ISO instant (the API wants a zone).
 */
export function IsoDateTimeInput(props: DateTimeInputProps) {
  const translate = useTranslate();
  const timeZone = useMe().me?.tenant?.timeZone;
  if (!timeZone)
    return <DateTimeInput parse={(value: string) => (value ? new Date(value).toISOString() : null)} {...props} />;
  return (
    <DateTimeInput
      format={(value: string | null | undefined) => wallTimeIn(value, timeZone)}
      parse={(value: string) => (value ? instantOfWallTime(value, timeZone) : null)}
      helperText={translate('vpo.common.timeIn', { zone: timeZone })}
      {...props}
    />
  );
}

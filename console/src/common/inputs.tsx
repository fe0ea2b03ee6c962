import { DateTimeInput, type DateTimeInputProps } from 'react-admin';

/** A date and time typed in the person's local time, sent as an ISO instant (the API wants a zone). */
export function IsoDateTimeInput(props: DateTimeInputProps) {
  return <DateTimeInput parse={(value: string) => (value ? new Date(value).toISOString() : null)} {...props} />;
}

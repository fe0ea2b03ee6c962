import { useListContext } from 'react-admin';
import { ErrorState } from './states.js';

/** A list the API refused or could not answer: in words (a 403 names the roles that may), with "try again". */
export function ListError() {
  const { error, refetch } = useListContext();
  return <ErrorState error={error} retry={() => void refetch()} />;
}

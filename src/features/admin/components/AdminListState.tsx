import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { QueryFailure } from './QueryFailure.tsx';

/** The parts of a query an admin list reads to say why it shows no rows. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * What an admin list shows in place of its rows: that they are loading, that loading failed (with
 * the server's sentence and a way to try again), or that there is nothing to list. Nothing once
 * there are rows; a failed refresh keeps the rows already shown.
 */
export function AdminListState(props: {
  query: ListQuery;
  rows: number | undefined;
  loading: string;
  failed: string;
  empty: string;
}) {
  const { query, rows } = props;
  if (query.isPending) return <LoadingStatus>{props.loading}</LoadingStatus>;
  if (query.isError && rows === undefined) {
    return <QueryFailure failed={props.failed} error={query.error} retry={query.refetch} />;
  }
  // Rows kept from the previous search are not the answer to this one: no "nothing" yet.
  if (rows === 0 && !query.isPlaceholderData) return <p role="status">{props.empty}</p>;
  return null;
}

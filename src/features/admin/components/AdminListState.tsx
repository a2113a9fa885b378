import { GridmindError } from '../../../../core/errors.ts';

/** The parts of a query an admin list reads to say why it shows no rows. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
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
  /** Said when the list has no rows; a caller with no list leaves it out. */
  empty?: string;
}) {
  const { query, rows } = props;
  if (query.isPending) return <p role="status">{props.loading}</p>;
  if (query.isError && rows === undefined) {
    // Our own errors carry a sentence for people; anything else is the network failing.
    const why =
      query.error instanceof GridmindError
        ? query.error.shortMessage
        : 'Check the connection and try again.';
    return (
      <div role="alert" className="admin-list-error">
        <p>
          {props.failed} {why}
        </p>
        <button type="button" className="button" onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (rows === 0 && props.empty) return <p role="status">{props.empty}</p>;
  return null;
}

import { GridmindError } from '#core/errors.ts';

/** A failed load: what could not be loaded, why (the server's sentence), and Try again. */
export function QueryFailure(props: { failed: string; error: Error | null; retry: () => unknown }) {
  // Our own errors carry a sentence for people; anything else is the network failing.
  const why =
    props.error instanceof GridmindError
      ? props.error.shortMessage
      : 'Check the connection and try again.';
  return (
    <div role="alert" className="admin-list-error">
      <p>
        {props.failed} {why}
      </p>
      <button type="button" className="button" onClick={() => props.retry()}>
        Try again
      </button>
    </div>
  );
}

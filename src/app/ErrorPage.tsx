import { Link } from 'react-router';
import { errorPageContent } from './errorPageContent.ts';

/** The error page for `error` (a route error response or anything thrown); always offers the way back home. */
export function ErrorPage({ error }: { error: unknown }) {
  const { title, text } = errorPageContent(error);
  return (
    <section className="page error-page" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{text}</p>
      <Link to="/" className="button">
        Return Home
      </Link>
    </section>
  );
}

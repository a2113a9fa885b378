import { Link, useRouteError } from 'react-router';
import { errorPageContent } from './errorPageContent.ts';

/** The route error page; always offers the way back home. */
export function ErrorPage() {
  const error = useRouteError();
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

import { isRouteErrorResponse } from 'react-router';

/** What the error page shows (SPEC section 2). */
export interface ErrorPageContent {
  title: string;
  text: string;
}

/**
 * What a path that is no page shows: a route error response in react-router's shape (status,
 * statusText, internal, data), so `isRouteErrorResponse` and the text below treat it as one.
 */
export const NOT_FOUND = { status: 404, statusText: 'Not Found', internal: true, data: null };

/** Fallback text for errors that carry no status text. */
const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred.';

/** 404 → '404'; other route errors → 'Error' with their status text; anything else → 'Oops!'. */
export function errorPageContent(error: unknown): ErrorPageContent {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { title: '404', text: 'The requested page could not be found.' };
    }
    return { title: 'Error', text: error.statusText || UNEXPECTED_ERROR_TEXT };
  }
  return { title: 'Oops!', text: UNEXPECTED_ERROR_TEXT };
}

import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorPageContent, NOT_FOUND } from './errorPageContent.ts';

describe('errorPageContent', () => {
  it('gives 404 its own title and text', () => {
    expect(errorPageContent(new ErrorResponse(404, 'Not Found', null))).toEqual({
      title: '404',
      text: 'The requested page could not be found.',
    });
  });

  it('shows the 404 page for a path that matches no page', () => {
    expect(errorPageContent(NOT_FOUND).title).toBe('404');
  });

  it('shows other route errors with their status text', () => {
    expect(errorPageContent(new ErrorResponse(503, 'Service Unavailable', null))).toEqual({
      title: 'Error',
      text: 'Service Unavailable',
    });
  });

  it('falls back when a route error has no status text', () => {
    expect(errorPageContent(new ErrorResponse(500, '', null))).toEqual({
      title: 'Error',
      text: 'An unexpected error occurred.',
    });
  });

  it("calls anything that is not a route error 'Oops!'", () => {
    expect(errorPageContent(new Error('boom')).title).toBe('Oops!');
    expect(errorPageContent(undefined).title).toBe('Oops!');
  });
});

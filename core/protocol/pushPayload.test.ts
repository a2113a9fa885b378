import { describe, expect, it } from 'vitest';
import { PUSH_TITLE_MAX_LENGTH, readPushPayloadFields } from './pushPayload.ts';

const payload = { title: 'Rook vs Knight', body: '', path: '/watch/m1', key: 'match:m1' };

describe('readPushPayloadFields', () => {
  it('keeps the four fields of a good payload and nothing else', () => {
    expect(readPushPayloadFields({ ...payload, extra: 'dropped' })).toEqual(payload);
  });

  it('refuses a payload with a field missing, mistyped, too long, or a path off the site', () => {
    for (const value of [
      null,
      'text',
      { ...payload, title: '' },
      { ...payload, title: 'x'.repeat(PUSH_TITLE_MAX_LENGTH + 1) },
      { ...payload, body: 5 },
      { ...payload, key: '' },
      { ...payload, path: 'watch/m1' },
      { ...payload, path: '//evil.example/' },
      { ...payload, path: '/\\evil.example/' },
      { ...payload, path: 'https://evil.example/' },
      { title: payload.title, body: payload.body, key: payload.key },
    ]) {
      expect(readPushPayloadFields(value), JSON.stringify(value)).toBeNull();
    }
  });
});

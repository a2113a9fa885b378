import { describe, expect, it } from 'vitest';
import { encodeStartParam } from '#core/format/telegramStartParam.ts';
import { telegramStartPage } from './telegramStartPage.ts';

const at = (pathname: string, search: string) =>
  ({ location: { pathname, search, hash: '#tgWebAppData=x' } }) as unknown as Window;

describe("the Mini App's start page", () => {
  it('is the page the startapp parameter names', () => {
    const param = encodeStartParam('/watch/m123') ?? '';
    expect(telegramStartPage(at('/', `?tgWebAppStartParam=${param}`))).toBe('/watch/m123');
  });

  it('is none without the parameter, for a path not ours, or when already there', () => {
    expect(telegramStartPage(at('/', ''))).toBeNull();
    expect(telegramStartPage(at('/', '?tgWebAppStartParam=not-a-path'))).toBeNull();
    const elsewhere = Buffer.from('//evil.example/').toString('base64url');
    expect(telegramStartPage(at('/', `?tgWebAppStartParam=${elsewhere}`))).toBeNull();
    const here = encodeStartParam('/watch/m123') ?? '';
    expect(telegramStartPage(at('/watch/m123', `?tgWebAppStartParam=${here}`))).toBeNull();
  });
});

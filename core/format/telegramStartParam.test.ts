import { describe, expect, it } from 'vitest';
import { decodeStartParam, encodeStartParam } from './telegramStartParam.ts';

describe('Telegram startapp parameter', () => {
  it('carries a page path there and back in the characters Telegram allows', () => {
    for (const path of [
      '/',
      '/watch/m123',
      '/agents/ab?tab=games',
      '/tournaments/t-9#final',
      '/é',
    ]) {
      const param = encodeStartParam(path);
      expect(param).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(decodeStartParam(param ?? '')).toBe(path);
    }
  });

  it('is base64url of the path', () => {
    expect(encodeStartParam('/watch/m1')).toBe(Buffer.from('/watch/m1').toString('base64url'));
  });

  it('refuses what would leave the site, does not fit or is not ours', () => {
    expect(encodeStartParam('//evil.example/x')).toBeNull();
    expect(encodeStartParam('https://evil.example')).toBeNull();
    expect(encodeStartParam(`/${'a'.repeat(60)}`)).toBeNull();
    expect(decodeStartParam(Buffer.from('//evil.example').toString('base64url'))).toBeNull();
    expect(decodeStartParam(Buffer.from('/\\evil.example').toString('base64url'))).toBeNull();
    expect(decodeStartParam('not base64!')).toBeNull();
    expect(decodeStartParam(Buffer.from([0x2f, 0xff, 0xfe]).toString('base64url'))).toBeNull();
    expect(decodeStartParam('')).toBeNull();
  });
});

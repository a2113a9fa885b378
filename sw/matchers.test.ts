import { describe, expect, it } from 'vitest';
import { isLazyAssetUrl, isNetworkOnlyPath, isWalletImageUrl } from './matchers.ts';

const ORIGIN = 'https://gridmind.example';

describe('service worker routes', () => {
  it('recognises the four wallet-directory image paths on the directory host', () => {
    for (const path of [
      '/getWalletImage/abc',
      '/public/getAssetImage/def',
      '/public/getCurrencyImage/USD',
      '/public/getTokenImage/ETH',
    ]) {
      expect(isWalletImageUrl(new URL(`https://api.web3modal.org${path}?projectId=p`))).toBe(true);
    }
    expect(isWalletImageUrl(new URL('https://api.web3modal.org/getWallets?page=1'))).toBe(false);
    expect(isWalletImageUrl(new URL(`${ORIGIN}/getWalletImage/abc`))).toBe(false);
  });

  it('sends /api, /auth and what the server draws for other sites to the network, only those', () => {
    expect(isNetworkOnlyPath('/api/me')).toBe(true);
    expect(isNetworkOnlyPath('/auth/logout')).toBe(true);
    expect(isNetworkOnlyPath('/auth')).toBe(true);
    expect(isNetworkOnlyPath('/authors')).toBe(false);
    expect(isNetworkOnlyPath('/games/sessions')).toBe(false);
    expect(isNetworkOnlyPath('/previews/match/m1.png')).toBe(true);
    expect(isNetworkOnlyPath('/robots.txt')).toBe(true);
    expect(isNetworkOnlyPath('/sitemap.xml')).toBe(true);
    expect(isNetworkOnlyPath('/sitemap.xml.html')).toBe(false);
  });

  it('caches lazy chunks of our own origin only', () => {
    expect(isLazyAssetUrl(new URL(`${ORIGIN}/assets/w3m-modal-a1b2.js`), ORIGIN)).toBe(true);
    expect(isLazyAssetUrl(new URL('https://cdn.example/assets/x.js'), ORIGIN)).toBe(false);
    expect(isLazyAssetUrl(new URL(`${ORIGIN}/icons/icon-192.png`), ORIGIN)).toBe(false);
  });

  it("leaves Reown's blockchain API (token balances, identities) to the network, never cached", () => {
    for (const url of [
      'https://rpc.walletconnect.org/v1/account/0x3F736b4947F61A0db0231C9bD8849818d233710D/balance?currency=usd&chainId=eip155%3A1&projectId=p',
      'https://rpc.walletconnect.org/v1/identity/0x3F736b4947F61A0db0231C9bD8849818d233710D?projectId=p',
      'https://rpc.walletconnect.org/v1/?chainId=eip155%3A42161&projectId=p',
    ]) {
      expect(isWalletImageUrl(new URL(url)), url).toBe(false);
      expect(isLazyAssetUrl(new URL(url), ORIGIN), url).toBe(false);
    }
  });
});

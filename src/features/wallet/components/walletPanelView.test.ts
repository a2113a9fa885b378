import { describe, expect, it } from 'vitest';
import { walletPanelView } from './walletPanelView.ts';

const ADDRESS = '0x3F736b4947F61A0db0231C9bD8849818d233710D';
const ens = { name: 'ada.eth', avatar: 'https://avatars.example/ada.png' };
const identity = { name: 'Ada (directory)', avatar: 'https://directory.example/ada.png' };

describe('walletPanelView', () => {
  it('shows the short address and the native balance truncated to 3 decimals with its symbol', () => {
    const view = walletPanelView(ADDRESS, {
      nativeBalance: { valueMinor: 1_999_999_999_999_999_999n, decimals: 18, symbol: 'ETH' },
    });
    expect(view.shortAddress).toBe('0x3F73…710D');
    expect(view.balance).toBe('1.999 ETH');
  });

  it('shows 0.000 ETH for an empty wallet and for a balance not known yet (SPEC section 5)', () => {
    const empty = { valueMinor: 0n, decimals: 18, symbol: 'ETH' };
    expect(walletPanelView(ADDRESS, { nativeBalance: empty }).balance).toBe('0.000 ETH');
    expect(walletPanelView(ADDRESS, {}).balance).toBe('0.000 ETH');
  });

  it('shows the ENS name and avatar when present, before the directory identity', () => {
    const view = walletPanelView(ADDRESS, { ens, identity });
    expect(view).toMatchObject({ name: 'ada.eth', avatar: ens.avatar });
  });

  it('falls back to the identity where ENS has no name or avatar, and to nothing', () => {
    expect(walletPanelView(ADDRESS, { ens: { name: null, avatar: null }, identity })).toMatchObject(
      {
        name: identity.name,
        avatar: identity.avatar,
      },
    );
    expect(walletPanelView(ADDRESS, {})).toMatchObject({ name: null, avatar: null });
  });
});

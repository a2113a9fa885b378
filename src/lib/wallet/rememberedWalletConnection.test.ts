import { describe, expect, it } from 'vitest';
import { memoryStorage } from '#src/testing/returnFromWalletTestStorage.ts';
import { hasRememberedWalletConnection } from './rememberedWalletConnection.ts';

describe('hasRememberedWalletConnection', () => {
  it("reads AppKit's connector id of the EVM namespace", () => {
    const storage = memoryStorage();
    expect(hasRememberedWalletConnection(() => storage)).toBe(false);
    storage.setItem('@appkit/eip155:connected_connector_id', 'app.gridmind.testwallet');
    expect(hasRememberedWalletConnection(() => storage)).toBe(true);
    storage.removeItem('@appkit/eip155:connected_connector_id');
    expect(hasRememberedWalletConnection(() => storage)).toBe(false);
  });

  it('remembers nothing without storage, or when reading it throws', () => {
    expect(hasRememberedWalletConnection(() => undefined)).toBe(false);
    expect(
      hasRememberedWalletConnection(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toBe(false);
  });
});

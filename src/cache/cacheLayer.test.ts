// idb recognises requests by the global IDB classes, so install them; each test still gets its own factory.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCacheLayer } from './cacheLayer.ts';
import { CACHE_DATABASE_NAME, CACHE_DATABASE_VERSION } from './indexedDbBackend.ts';
import { createWalletSettings } from './walletSettings.ts';

function collectingLog() {
  const messages: string[] = [];
  return { messages, log: (message: string) => messages.push(message) };
}

function openRaw(factory: IDBFactory, version: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(CACHE_DATABASE_NAME, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('cache layer failure paths', () => {
  it('falls back to memory when there is no IndexedDB at all, and still works', async () => {
    const { messages, log } = collectingLog();
    const layer = await openCacheLayer({ indexedDB: undefined, log });
    expect(layer.backendKind()).toBe('memory');
    const settings = createWalletSettings(layer);
    await settings.setActiveNamespace('solana');
    expect(await settings.getActiveNamespace()).toBe('solana');
    expect(messages[0]).toMatch(/IndexedDB is not available/);
  });

  it('falls back to memory when opening throws (private mode)', async () => {
    const { messages, log } = collectingLog();
    const refusing = {
      open: () => {
        throw new DOMException('A mutation operation was attempted', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    const layer = await openCacheLayer({ indexedDB: refusing, log });
    expect(layer.backendKind()).toBe('memory');
    expect(messages).toContain('Unable to open the cache database; using memory for this session');
  });

  it('falls back to memory when the open request fails (a newer version already exists)', async () => {
    const factory = new IDBFactory();
    (await openRaw(factory, CACHE_DATABASE_VERSION + 1)).close();
    const layer = await openCacheLayer({ indexedDB: factory, log: () => {} });
    expect(layer.backendKind()).toBe('memory');
  });

  it('falls back to memory when its upgrade is blocked by an older tab that stays open', async () => {
    const factory = new IDBFactory();
    const olderTab = await openRaw(factory, 1);
    olderTab.onversionchange = () => {}; // an old build that ignores upgrade requests
    const { messages, log } = collectingLog();
    const layer = await openCacheLayer({ indexedDB: factory, databaseVersion: 2, log });
    expect(layer.backendKind()).toBe('memory');
    expect(messages).toContain('Unable to open the cache database; using memory for this session');
    await createWalletSettings(layer).setConnectionStatus('connecting');
    expect(await createWalletSettings(layer).getConnectionStatus()).toBe('connecting');
    olderTab.close();
  });

  it('closes its connection when a newer tab upgrades, so that upgrade is not blocked', async () => {
    const factory = new IDBFactory();
    const { messages, log } = collectingLog();
    const layer = await openCacheLayer({ indexedDB: factory, log });
    expect(layer.backendKind()).toBe('indexeddb');
    const newerTab = await openRaw(factory, CACHE_DATABASE_VERSION + 1);
    expect(newerTab.version).toBe(CACHE_DATABASE_VERSION + 1);
    expect(layer.backendKind()).toBe('memory');
    expect(messages.some((message) => message.includes('versionchange'))).toBe(true);
    const settings = createWalletSettings(layer);
    await settings.setActiveNetworkId('eip155:1');
    expect(await settings.getActiveNetworkId()).toBe('eip155:1');
    newerTab.close();
  });

  it('on a quota error logs, keeps the value in memory and goes on', async () => {
    const { messages, log } = collectingLog();
    const layer = await openCacheLayer({ indexedDB: new IDBFactory(), log });
    expect(layer.backendKind()).toBe('indexeddb');
    const settings = createWalletSettings(layer);
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quota;
    });
    await settings.setActiveNamespace('eip155');
    expect(messages).toContain('Unable to set active namespace');
    expect(layer.backendKind()).toBe('memory');
    expect(await settings.getActiveNamespace()).toBe('eip155');
  });

  it('a failed read logs "Unable to get active namespace" and returns nothing', async () => {
    const { messages, log } = collectingLog();
    const layer = await openCacheLayer({ indexedDB: new IDBFactory(), log });
    const settings = createWalletSettings(layer);
    await settings.setActiveNamespace('eip155');
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(() => {
      throw new DOMException(
        'The operation failed for reasons unrelated to the database',
        'UnknownError',
      );
    });
    expect(await settings.getActiveNamespace()).toBeUndefined();
    expect(messages).toContain('Unable to get active namespace');
    expect(layer.backendKind()).toBe('indexeddb');
  });
});

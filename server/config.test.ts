import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      APP_ORIGIN: 'http://localhost:8080',
      ADMIN_ADDRESSES: [],
      LIVE_MATCHES: 2,
      LIVE_GAMES: [...GAME_IDS],
      MOVE_DELAY_MS: 1500,
      BETTING_WINDOW_MS: 30_000,
      BET_COMMISSION_PCT: 5,
      CLIENT_DIR: 'dist/client',
      BOT_MATCHES_MAX: 8,
      SSE_MAX_STREAMS: 20_000,
      SSE_MAX_PER_ADDRESS: 64,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RPC_URL).toEqual([]);
  });

  it('derives APP_ORIGIN from PORT and lowercases admin addresses', () => {
    const config = loadConfig({
      PORT: '9000',
      ADMIN_ADDRESSES:
        ' 0xAbCdEf0000000000000000000000000000000001 ,0x00000000000000000000000000000000000000aa',
    });
    expect(config.APP_ORIGIN).toBe('http://localhost:9000');
    expect(config.ADMIN_ADDRESSES).toEqual([
      '0xabcdef0000000000000000000000000000000001',
      '0x00000000000000000000000000000000000000aa',
    ]);
  });

  it('takes an admin address as the EVM rule does: without 0x too, stored as sign-in spells it', () => {
    const config = loadConfig({
      ADMIN_ADDRESSES:
        'AbCdEf0000000000000000000000000000000001,0xABCDEF0000000000000000000000000000000002',
    });
    expect(config.ADMIN_ADDRESSES).toEqual([
      '0xabcdef0000000000000000000000000000000001',
      '0xabcdef0000000000000000000000000000000002',
    ]);
  });

  it('refuses a Solana or CAIP address in ADMIN_ADDRESSES, naming the entry and the rule', () => {
    let caught: unknown;
    try {
      loadConfig({
        ADMIN_ADDRESSES:
          '0xabcdef0000000000000000000000000000000001,eip155:1:0xabcdef0000000000000000000000000000000001,7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'ADMIN_ADDRESSES.1: must be an EVM address: 0x and 40 hex digits',
      'ADMIN_ADDRESSES.2: must be an EVM address: 0x and 40 hex digits',
    ]);
  });

  it('normalises an APP_ORIGIN given with a trailing slash', () => {
    expect(loadConfig({ APP_ORIGIN: 'https://gridmind.example/' }).APP_ORIGIN).toBe(
      'https://gridmind.example',
    );
  });

  it('lists every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        APP_ORIGIN: 'https://gridmind.example/app',
        ADMIN_ADDRESSES: '0x123',
        RPC_URL: 'not a url',
        LIVE_MATCHES: '-1',
        BET_COMMISSION_PCT: '101',
        BOT_MATCHES_MAX: 'many',
        SSE_MAX_STREAMS: '0',
        SSE_MAX_PER_ADDRESS: '1.5',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.map((line) => line.split(':')[0]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'APP_ORIGIN',
        'ADMIN_ADDRESSES.0',
        'RPC_URL.0',
        'LIVE_MATCHES',
        'BET_COMMISSION_PCT',
        'BOT_MATCHES_MAX',
        'SSE_MAX_STREAMS',
        'SSE_MAX_PER_ADDRESS',
      ]),
    );
    expect((caught as ConfigError).message).toContain('PORT');
    expect((caught as ConfigError).message).toContain('BET_COMMISSION_PCT');
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', RPC_URL: ' ', VITE_REOWN_PROJECT_ID: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RPC_URL).toEqual([]);
    expect(config.VITE_REOWN_PROJECT_ID).toBeUndefined();
  });

  it('takes one RPC per network in RPC_URL and names a bad entry by its place', () => {
    const config = loadConfig({
      RPC_URL: ' https://eth.example/rpc , https://arb.example/rpc ,',
    });
    expect(config.RPC_URL).toEqual(['https://eth.example/rpc', 'https://arb.example/rpc']);
    expect(() => loadConfig({ RPC_URL: 'https://eth.example/rpc,ftp://arb.example' })).toThrow(
      /RPC_URL\.1: each entry must be an http\(s\) URL/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or CIDR blocks, and names a bad entry', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(
      loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,fd00::/8,::1 ' }).TRUST_PROXY,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    for (const [value, place] of [
      ['127.0.0.1,nginx.local', 1],
      ['10.0.0.0/33', 0],
      ['::1/129', 0],
      ['10.0.0.0/8/8', 0],
      ['10.0.0.0/x', 0],
    ] as const) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        new RegExp(`TRUST_PROXY\\.${place}: each entry must be an IP address or CIDR block`),
      );
    }
  });

  it("sends Web Push only to PUSH_SERVICE_HOSTS, the browsers' services unless set", () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com');
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toContain('*.push.apple.com');
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: ' localhost:8443, *.Push.Example ' }).PUSH_SERVICE_HOSTS,
    ).toEqual(['localhost:8443', '*.push.example']);
    for (const [value, problem] of [
      ['https://fcm.googleapis.com', /PUSH_SERVICE_HOSTS\.0: each entry must be a host/],
      ['fcm.googleapis.com,*', /PUSH_SERVICE_HOSTS\.1: each entry must be a host/],
      [' , ', /PUSH_SERVICE_HOSTS: must name at least one push service/],
    ] as const) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: value }), value).toThrow(problem);
    }
  });

  it('runs the games LIVE_GAMES names, and refuses one Gridmind does not have', () => {
    expect(loadConfig({ LIVE_GAMES: ' checkers, connect4 ' }).LIVE_GAMES).toEqual([
      'checkers',
      'connect4',
    ]);
    expect(() => loadConfig({ LIVE_GAMES: 'connect4,chess' })).toThrow(/LIVE_GAMES\.1: each entry/);
  });

  it('plays and serves everything unless ROLE says web or runner, which need a shared PostgreSQL', () => {
    expect(loadConfig({}).ROLE).toBe('all');
    const databaseUrl = 'postgres://gridmind@localhost:5432/gridmind';
    expect(loadConfig({ ROLE: 'web', DATABASE_URL: databaseUrl }).ROLE).toBe('web');
    expect(loadConfig({ ROLE: 'runner', DATABASE_URL: databaseUrl }).ROLE).toBe('runner');
    expect(() => loadConfig({ ROLE: 'runner' })).toThrow(/ROLE: runner needs DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'engines', DATABASE_URL: databaseUrl })).toThrow(
      /ROLE: must be one of all, web, runner/,
    );
  });
});

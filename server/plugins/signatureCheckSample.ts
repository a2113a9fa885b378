/**
 * A sign-in a check thread runs through as it boots: an EIP-4361 message for a made-up origin,
 * signed once by a throwaway key that signs nothing else (it can sign nobody in: its origin is no
 * server's and its nonce was never issued).
 */
export const SAMPLE_SIGN_IN = {
  message: [
    'gridmind.example wants you to sign in with your Ethereum account:',
    '0x6731b4780983D2aE9A5005D1a5c3e4EA11048528',
    '',
    'Welcome to Gridmind! Sign this message to sign in.',
    '',
    'URI: https://gridmind.example',
    'Version: 1',
    'Chain ID: 1',
    'Nonce: 0123456789abcdef0123456789abcdef',
    'Issued At: 2026-11-27T00:00:00.000Z',
  ].join('\n'),
  signature:
    '0xe138bf4a5ce13d1da862674c4e26867ba4842d826509bfa31925816b35ce5468061deab46ffc0f7bc79e34fcaf73938776d78af3c27ec81659841058e25301091b' as const,
};

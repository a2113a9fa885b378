import type { CaipNetworkId, SIWXConfig, SIWXMessage, SIWXSession } from '@reown/appkit/react';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { GridmindError } from '#core/errors.ts';
import { AUTH_ERRORS } from '#core/protocol/authErrors.ts';
import { getNonce } from '#src/lib/auth/getNonce.ts';
import { getWalletSession } from '#src/lib/auth/getWalletSession.ts';
import { logout } from '#src/lib/auth/logout.ts';
import { verifySignIn } from '#src/lib/auth/verifySignIn.ts';

/** The welcome statement every Gridmind sign-in message carries. */
export const SIGN_IN_STATEMENT =
  'Welcome to Gridmind! Sign this message to sign in. It sends no transaction and costs nothing.';

/** How long a created message stays signable; the server's nonce lives 10 minutes too. */
const MESSAGE_LIFETIME_MS = 10 * 60 * 1000;

/** What the sign-in config needs from the page; injected so it can run outside a browser. */
export interface SiwxEnvironment {
  /** The page's host (EIP-4361 domain) and origin (URI). */
  location: { host: string; origin: string };
  now: () => Date;
  /** Called after the server accepted a signature (SPEC section 4: the page reloads). */
  onSignedIn: () => void;
  /** Whether the page may be signed in (the sign-in hint): without it there is nothing to revoke. */
  mayBeSignedIn: () => boolean;
}

function chainIdNumber(caipChainId: string): number {
  const [namespace, reference] = caipChainId.split(':');
  const chainId = Number(reference);
  if (namespace !== 'eip155' || !Number.isSafeInteger(chainId)) {
    throw new GridmindError(AUTH_ERRORS.missingMessageParams);
  }
  return chainId;
}

/** The EIP-4361 text of a message's data (viem renders and checks it). */
export function renderSignInMessage(data: SIWXMessage.Data): string {
  return createSiweMessage({
    address: getAddress(data.accountAddress),
    chainId: chainIdNumber(data.chainId),
    domain: data.domain,
    uri: data.uri,
    version: '1',
    nonce: data.nonce,
    ...(data.statement ? { statement: data.statement } : {}),
    ...(data.issuedAt ? { issuedAt: new Date(data.issuedAt) } : {}),
    ...(data.expirationTime ? { expirationTime: new Date(data.expirationTime) } : {}),
  });
}

/** Gridmind's sign-in for AppKit (SIWX): our server issues nonces, verifies and keeps sessions. */
export function createSiwxConfig(env: SiwxEnvironment): SIWXConfig {
  return {
    async createMessage(input) {
      if (!input.accountAddress || !input.chainId) {
        throw new GridmindError(AUTH_ERRORS.missingMessageParams);
      }
      // A new nonce for every message: AppKit 1.8.24 calls createMessage once per signature
      // request and keeps no nonce, so none outlives its message (SPEC section 4, nonce refetch).
      const nonce = await getNonce();
      const issuedAt = env.now();
      const data: SIWXMessage.Data = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: env.location.host,
        uri: env.location.origin,
        version: '1',
        nonce,
        statement: SIGN_IN_STATEMENT,
        issuedAt: issuedAt.toISOString(),
        expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS).toISOString(),
      };
      const text = renderSignInMessage(data);
      return { ...data, toString: () => text };
    },

    async addSession(session) {
      if (!session.message) throw new GridmindError(AUTH_ERRORS.messageUndefined);
      const verified = await verifySignIn({
        message: session.message,
        signature: session.signature,
      });
      // Throwing keeps AppKit on the sign view instead of closing as if signed in.
      if (!verified) throw new GridmindError(AUTH_ERRORS.failedToVerifyMessage);
      env.onSignedIn();
    },

    // AppKit asks this only on connect and account change; watchWalletSignIn re-checks the
    // server every 5 minutes while a wallet is connected.
    async getSessions(chainId, address) {
      const session = await getWalletSession();
      if (!session) return [];
      // A session for another account or network is not this wallet's session.
      const sameAddress = session.address.toLowerCase() === address.toLowerCase();
      const sameChain = `eip155:${session.chainId}` === chainId;
      if (!sameAddress || !sameChain) return [];
      return [sessionFromServer(session.address, chainId, env)];
    },

    async setSessions(sessions) {
      const [latest] = sessions.slice(-1);
      if (!latest) {
        // AppKit clears sessions on every disconnect, also the one that drops a visitor's stale
        // connection at start-up; a logout then would only race the visitor's first nonce.
        if (!env.mayBeSignedIn()) return;
        await this.revokeSession('eip155:1', '');
        return;
      }
      await this.addSession(latest);
    },

    async revokeSession() {
      if (!(await logout())) throw new GridmindError(AUTH_ERRORS.networkResponseNotOk);
    },

    getRequired: () => true,
    signOutOnDisconnect: true,
  };
}

/** The server keeps the signed message to itself; AppKit only needs to know a session exists. */
function sessionFromServer(
  address: string,
  chainId: CaipNetworkId,
  env: SiwxEnvironment,
): SIWXSession {
  return {
    data: {
      accountAddress: address,
      chainId,
      domain: env.location.host,
      uri: env.location.origin,
      version: '1',
      nonce: '',
    },
    message: '',
    signature: '',
  };
}

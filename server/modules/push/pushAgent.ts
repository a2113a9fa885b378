import { Agent, type AgentOptions } from 'node:https';

/**
 * Connections kept open to each push service. A burst of thousands of pushes reuses these few
 * dozen TLS sessions: with one connection per push in flight (and the free pool's 256 kept), a
 * third of a push's CPU went to opening TLS sockets (`npm run bench -- notifyDelivery`).
 */
const PUSH_SOCKETS_PER_SERVICE = 32;

/** The TLS agent the push channel sends through; tests add the certificate their stand-in uses. */
export function createPushAgent(extra: AgentOptions = {}): Agent {
  return new Agent({
    keepAlive: true,
    maxSockets: PUSH_SOCKETS_PER_SERVICE,
    maxFreeSockets: PUSH_SOCKETS_PER_SERVICE,
    ...extra,
  });
}

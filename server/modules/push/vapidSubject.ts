import type { AppConfig } from '#server/config.ts';

/**
 * The VAPID `sub` claim: whom a push service contacts about our pushes. Push services accept only
 * an https: URL or a mailto: address, so a plain-http origin (local development) becomes a
 * mailto: at its host.
 */
export function vapidSubject(config: Pick<AppConfig, 'PUSH_SUBJECT' | 'APP_ORIGIN'>): string {
  if (config.PUSH_SUBJECT) return config.PUSH_SUBJECT;
  const origin = new URL(config.APP_ORIGIN);
  return origin.protocol === 'https:' ? origin.origin : `mailto:push@${origin.hostname}`;
}

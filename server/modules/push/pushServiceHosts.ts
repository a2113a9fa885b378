/**
 * Which push services the server will POST to. A subscription's endpoint comes from the browser,
 * that is from whoever calls our API, so without this list a signed-in user could make the server
 * send requests to any host it can reach (SSRF): an internal admin port, a cloud metadata address.
 * The browsers' own services are few and fixed, so only they are accepted.
 */

/**
 * The push services of current browsers (PUSH_SERVICE_HOSTS' default): Chrome, Edge on Android,
 * Opera, Samsung Internet and Brave use FCM (`android.googleapis.com` is FCM's old name, still in
 * older subscriptions); Firefox uses Mozilla's autopush; Safari on macOS and iOS uses Apple's
 * `web.push.apple.com`; Edge on Windows uses WNS (`wns2-*.notify.windows.com`).
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/**
 * Whether `endpoint` is an https URL on one of `hosts`: an entry is a host (`fcm.googleapis.com`,
 * or `localhost:8443` with its port) or `*.` and a domain, which takes any host below it. A host
 * is compared with its port unless the port is https' own 443, so `fcm.googleapis.com` does not
 * take `fcm.googleapis.com:8080`; a user name or password in the URL is refused outright.
 */
export function isKnownPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  // URL lowercases the host and drops a default port, so `url.host` is the form entries use.
  const host = url.host;
  return hosts.some((entry) => {
    const wanted = entry.toLowerCase();
    if (!wanted.startsWith('*.')) return host === wanted;
    const domain = wanted.slice(1); // ".push.apple.com"
    return host.endsWith(domain) && host.length > domain.length;
  });
}

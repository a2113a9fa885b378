import { describe, expect, it } from 'vitest';
import { isKnownPushService, KNOWN_PUSH_SERVICE_HOSTS } from './pushServiceHosts.ts';

describe('isKnownPushService', () => {
  const known = (endpoint: string) => isKnownPushService(endpoint, KNOWN_PUSH_SERVICE_HOSTS);

  it("takes the endpoints today's browsers hand out", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
      'https://fcm.googleapis.com/wp/dGVzdA',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm',
      'https://web.push.apple.com/QGz2ZmVh',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ]) {
      expect(known(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses internal hosts, other ports, plain http, credentials and look-alike hosts', () => {
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://[::1]/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com./x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://web.push.apple.com:8080/x',
      'not a url',
    ]) {
      expect(known(endpoint), endpoint).toBe(false);
    }
  });

  it('takes a host with its port, as a test names its local push service', () => {
    expect(isKnownPushService('https://localhost:8443/ok', ['localhost:8443'])).toBe(true);
    expect(isKnownPushService('https://localhost:8444/ok', ['localhost:8443'])).toBe(false);
  });
});

/**
 * A self-signed certificate for localhost and 127.0.0.1 (P-256, valid a century), for the
 * stand-ins of https services tests talk to (push services). A test fixture, trusted only by the
 * test's own TLS agent: never by a server outside tests.
 */
export const LOCAL_TLS_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUI+D4Em/OAWsUuLAvPbXgcsSe0EswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTIwNjIyMjkwM1oYDzIxMjYxMTEy
MjIyOTAzWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATSES7tF/BRHRf3GCjdGEDo1d1yicpkR01If3Rxnx3OVTd8i3y2qBVL
J13vDJ5RI9RMjrDYBEVvG8U9f0/vCDxko28wbTAdBgNVHQ4EFgQU5Ro2c1XRUG/W
/3dD2HfYtXoEGqYwHwYDVR0jBBgwFoAU5Ro2c1XRUG/W/3dD2HfYtXoEGqYwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSAAwRQIhAO0zg/oDmxyPuUgYqPhGMlcdcDu8/yRUDkzJSqmFauTjAiAk
9kjtI46NLuRTP965eIWCe3/xzyqQ0AJcFF428fFxtA==
-----END CERTIFICATE-----
`;

/** The certificate's private key. */
export const LOCAL_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgwDs23YMDjA7C8Q6B
GAUKwMyXNeZnUrwGFZnWBpL+kmmhRANCAATSES7tF/BRHRf3GCjdGEDo1d1yicpk
R01If3Rxnx3OVTd8i3y2qBVLJ13vDJ5RI9RMjrDYBEVvG8U9f0/vCDxk
-----END PRIVATE KEY-----
`;

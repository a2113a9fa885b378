/** `GET /auth/logout`. Successful only when the reply body is exactly the text `{}` (SPEC section 5). */
export async function logout(): Promise<boolean> {
  try {
    const response = await fetch('/auth/logout', { credentials: 'include', cache: 'no-store' });
    return response.ok && (await response.text()) === '{}';
  } catch {
    return false;
  }
}

import { verifyThroughMailFolder } from './mail-folder';

export const SERVER_PASSWORD = 'correct horse battery';

/**
 * An account on a real server process, made as the web client makes one (sign-up, then the profile
 * with its role), answering a bearer token for it. Sellers list phones, which waits for a verified
 * address: the server's own worker writes the mail under `dataDir`.
 */
export async function serverAccount(
  origin: string,
  dataDir: string,
  email: string,
  role: 'buyer' | 'seller',
): Promise<string> {
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SERVER_PASSWORD }),
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (role === 'seller') await verifyThroughMailFolder(origin, dataDir, email);
  const headers = { cookie, 'content-type': 'application/json', origin };
  const profile = { name: `Test ${role}`, email, role, photoURL: 'https://example.test/p.png' };
  const added = await fetch(`${origin}/api/addUser`, { method: 'POST', headers, body: JSON.stringify(profile) });
  if (!added.ok) throw new Error(`addUser failed: ${added.status} ${await added.text()}`);
  const jwt = await fetch(`${origin}/api/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } });
  return ((await jwt.json()) as { accessToken: string }).accessToken;
}

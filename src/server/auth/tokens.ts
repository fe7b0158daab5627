import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ACCESS_TOKEN_SECONDS = 60 * 60;
export const SESSION_DAYS = 30;
/** A session nobody used for this long ends, whatever its age (a forgotten device, a copied cookie). */
export const SESSION_IDLE_DAYS = 14;
export const KNOWN_DEVICE_DAYS = 365;
/** The JWT type of a known-device token, so it can never pass for an access token or the other way round. */
const KNOWN_DEVICE_TYP = 'phonehaat-device';
/** The JWT type of a mail's unsubscribe link: it stops one kind of mail to one account, nothing else. */
const UNSUBSCRIBE_TYP = 'phonehaat-unsubscribe';
/** The JWT type of a suspension mail's appeal link: it files the appeal of that one decision, nothing else. */
const APPEAL_TYP = 'phonehaat-appeal';
/** An appeal link outlives the six months an appeal may come in; the appeal itself checks them. */
const APPEAL_LINK_DAYS = 200;

/** A session token as the browser keeps it (in the cookie) and its hash as the database keeps it. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What a known-device token says of the password it was given under: a digest of the stored
 * (salted) hash, which tells its holder nothing about the password and changes with it.
 */
const credentialStamp = (passwordHash: string | null) =>
  createHash('sha256')
    .update(`known-device:${passwordHash ?? ''}`)
    .digest('base64url')
    .slice(0, 22);

interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Short-lived JWTs any process can check with the shared secret; each names its session. */
export class AccessTokens {
  /**
   * Imported once: given the secret's bytes, jose imports them into a CryptoKey again on every
   * check, a fifth of a bearer call's CPU on top of the HMAC itself (docs/performance.md).
   */
  readonly #key: Promise<CryptoKey>;

  constructor(secret: string) {
    this.#key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  sign({ userId, sessionId }: AccessClaims): Promise<string> {
    return this.#signed(userId, { sid: sessionId }, undefined, `${ACCESS_TOKEN_SECONDS}s`);
  }

  /**
   * A browser's proof that the account logged in from it before, with the password it has now; see
   * throttle.ts. It names the account by id (a deleted account's address may be signed up again) and
   * carries the password's stamp, so a new password, however it was set, ends every such proof.
   */
  signKnownDevice(user: { id: string; password_hash: string | null }): Promise<string> {
    const claims = { pwd: credentialStamp(user.password_hash) };
    return this.#signed(user.id, claims, KNOWN_DEVICE_TYP, `${KNOWN_DEVICE_DAYS}d`);
  }

  /** Whether `token` is a known-device token of this account with its current password. */
  async isKnownDevice(token: string | undefined, user: { id: string; password_hash: string | null }): Promise<boolean> {
    if (!token) return false;
    const read = await this.#read(token, KNOWN_DEVICE_TYP, 'pwd');
    return read?.subject === user.id && read.claim === credentialStamp(user.password_hash);
  }

  /** The unsubscribe link of one kind of mail to one account; it works without signing in, for good. */
  signUnsubscribe(userId: string, kind: string): Promise<string> {
    return this.#signed(userId, { knd: kind }, UNSUBSCRIBE_TYP);
  }

  /** The account and mail kind of an unsubscribe token, or null for a forged or mangled one. */
  async unsubscribeClaims(token: string): Promise<{ userId: string; kind: string } | null> {
    const read = await this.#read(token, UNSUBSCRIBE_TYP, 'knd');
    return read && { userId: read.subject, kind: read.claim };
  }

  /**
   * The appeal link of a suspension: a suspended account cannot sign in, so the mail carries the
   * proof that its holder is the account the decision was about. It names the decision, so it
   * files one appeal (the appeals' unique index makes it single-use).
   */
  signAppeal(userId: string, logId: string): Promise<string> {
    return this.#signed(userId, { log: logId }, APPEAL_TYP, `${APPEAL_LINK_DAYS}d`);
  }

  /** The account and decision of an appeal token, or null for a forged, mangled or expired one. */
  async appealClaims(token: string): Promise<{ userId: string; logId: string } | null> {
    const read = await this.#read(token, APPEAL_TYP, 'log');
    return read && { userId: read.subject, logId: read.claim };
  }

  async verify(token: string): Promise<AccessClaims | null> {
    const read = await this.#read(token, undefined, 'sid');
    return read && { userId: read.subject, sessionId: read.claim };
  }

  /** A token of `userId` with `claims`, of a JWT type (none for an access token), lasting `lifetime` or for good. */
  async #signed(
    userId: string,
    claims: Record<string, string>,
    typ: string | undefined,
    lifetime?: string,
  ): Promise<string> {
    const jwt = new SignJWT(claims)
      .setProtectedHeader(typ ? { alg: 'HS256', typ } : { alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt();
    return (lifetime ? jwt.setExpirationTime(lifetime) : jwt).sign(await this.#key);
  }

  /** The account and one text claim of a token of this type that is ours and current; null for any other. */
  async #read(
    token: string,
    typ: string | undefined,
    name: string,
  ): Promise<{ subject: string; claim: string } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, { algorithms: ['HS256'], ...(typ ? { typ } : {}) });
      const claim = payload[name];
      if (typeof payload.sub !== 'string' || typeof claim !== 'string') return null;
      return { subject: payload.sub, claim };
    } catch {
      return null;
    }
  }
}

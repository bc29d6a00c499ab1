import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Role } from './principal';

const ISSUER = 'loyalty-api';
const AUDIENCE = 'loyalty-dashboard';
/** Only what we sign with: rejects "none" and every algorithm confusion trick. */
const ALGORITHMS = ['HS256'];

/**
 * The API's JWTs, one audience each (the dashboard's sessions, the customers'): HS256 with the API's secret and
 * issuer. A token of one audience never verifies for another, so neither kind opens the other's routes.
 */
export interface JwtCodec {
  sign(claims: JWTPayload, token: { subject: string; jti?: string; expiresInSeconds: number }): Promise<string>;
  /** The payload of a valid token of this audience carrying `requiredClaims`; null for an invalid, expired or foreign one. */
  verify(token: string, requiredClaims: string[]): Promise<JWTPayload | null>;
}

export function createJwtCodec(secret: string, audience: string): JwtCodec {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims, { subject, jti, expiresInSeconds }) {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(subject);
      if (jti !== undefined) jwt.setJti(jti);
      return jwt.setIssuer(ISSUER).setAudience(audience).setIssuedAt().setExpirationTime(`${expiresInSeconds}s`).sign(key);
    },
    async verify(token, requiredClaims) {
      try {
        return (await jwtVerify(token, key, { algorithms: ALGORITHMS, issuer: ISSUER, audience, requiredClaims })).payload;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export interface TokenClaims {
  userId: string;
  role: Role;
  /**
   * The user's token version at signing (claim `ver`): a token only opens a session while it is the user's
   * current one (see `UsersRepository.bumpTokenVersion`). Tokens signed before migration 007 have none: 0.
   */
  version: number;
}

export interface VerifiedToken extends TokenClaims {
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for an invalid, expired or foreign one. */
  verify(token: string): Promise<VerifiedToken | null>;
}

export function createTokenService(secret: string, expiresInSeconds: number): TokenService {
  const jwt = createJwtCodec(secret, AUDIENCE);
  return {
    sign: ({ userId, role, version }) => jwt.sign({ role, ver: version }, { subject: userId, expiresInSeconds }),

    async verify(token) {
      const payload = await jwt.verify(token, ['sub', 'exp']);
      if (!payload || typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      const version = payload.ver ?? 0;
      if (!Number.isSafeInteger(version) || (version as number) < 0) return null;
      return { userId: payload.sub, role: payload.role as Role, version: version as number, expiresAt: payload.exp! * 1000 };
    },
  };
}

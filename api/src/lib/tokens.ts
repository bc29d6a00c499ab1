import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from './principal';

const ISSUER = 'loyalty-api';
const AUDIENCE = 'loyalty-dashboard';
/** Only what we sign with: rejects "none" and every algorithm confusion trick. */
const ALGORITHMS = ['HS256'];

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
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, role, version }) =>
      new SignJWT({ role, ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${expiresInSeconds}s`)
        .sign(key),

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS, issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['sub', 'exp'] });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
        const version = payload.ver ?? 0;
        if (!Number.isSafeInteger(version) || (version as number) < 0) return null;
        return { userId: payload.sub, role: payload.role as Role, version: version as number, expiresAt: payload.exp! * 1000 };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}

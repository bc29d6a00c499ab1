import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors';
import type { Role, UserRecord } from '../repositories/users';
import { authorizeBusiness } from '../services/business-access';
import { createPasswordHasher, type PasswordHasher } from '../services/passwords';
import { createTokenService, type TokenService } from '../services/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordHasher;
    tokens: TokenService;
    /** onRequest hook: 401 unless a valid Bearer token of an existing user; sets `request.user`. */
    authenticate: onRequestHookHandler;
    /** onRequest hook, after `authenticate`: 403 unless the user has one of `roles`. */
    requireRole(...roles: Role[]): onRequestHookHandler;
    /** Throws 403/404 unless `user` may work on the business (see services/business-access). */
    authorizeBusiness(user: UserRecord, businessId: string): Promise<void>;
  }
  interface FastifyRequest {
    /** The authenticated user, loaded fresh from the database (a deleted user's token stops working). */
    user: UserRecord | null;
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

export default fp(
  async (app) => {
    app.decorate('passwords', createPasswordHasher(app.config.passwordHashing));
    app.decorate('tokens', createTokenService(app.config.jwtSecret, app.config.jwtExpiresInSeconds));
    app.decorateRequest('user', null);

    app.decorate('authenticate', async function authenticate(request) {
      const token = bearerToken(request.headers.authorization);
      const claims = token ? await app.tokens.verify(token) : null;
      const user = claims ? await app.repos.users.findById(claims.userId) : null;
      if (!user) throw unauthorized();
      request.user = user;
    } as onRequestHookHandler);

    app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler =>
      async function requireRole(request) {
        if (!request.user) throw unauthorized();
        if (!roles.includes(request.user.role)) throw forbidden();
      } as onRequestHookHandler,
    );

    app.decorate('authorizeBusiness', (user: UserRecord, businessId: string) => authorizeBusiness(app.repos.businesses, user, businessId));
  },
  { name: 'auth', dependencies: ['db'] },
);

import type { FastifyRequest } from 'fastify';
import type { Actor } from '../access/actor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The creative viewer (`v` = 1) may call this route. The viewer's page (`/creative/index`) shows its
     * own header only: the session, the user, logout, password change and language.
     */
    viewer?: boolean;
  }
}

/** The route `config` of the calls the creative viewer's page makes. */
export const VIEWER_ROUTE = { viewer: true } as const;

/** A creative viewer reaches only the routes marked for it; everyone else is not limited here. */
export const viewerMayCall = (actor: Actor, request: FastifyRequest) =>
  actor.v !== 1 || request.routeOptions.config.viewer === true;

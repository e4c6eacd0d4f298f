import type { Actor } from '../access/actor';
import type { RequestContext } from './context';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    actor: Actor | null;
  }
}

import type { FastifyRequest } from 'fastify';

/**
 * A URL as the request log may show it: the secret of a postback URL and token-like query values
 * (`token`, `sig`, `access_token`) are replaced, so logs can be shared without handing out credentials.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/t\/postback\/[^/?#]+\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|sig|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/** The request serializer of the log: Fastify's fields, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

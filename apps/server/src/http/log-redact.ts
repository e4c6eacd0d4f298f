import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a credential: sessions, e-mail links, sign-in codes, signatures. */
const SECRET_PARAM = /^(?:token|code|sig|access_token)$/i;
const REDACTED = '[redacted]';
/** How deep a URL may hide inside another one's parameter (`redirect=%2Fx%3Fnext%3D...`). */
const MAX_DEPTH = 4;

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function redactQuery(query: string, depth: number): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const key = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (SECRET_PARAM.test(decode(key))) return `${key}=${REDACTED}`;
      // A parameter that carries a URL or a query of its own (a login redirect): redact inside it too.
      const inner = decode(value);
      if (inner === value && !/[?&=]/.test(value)) return pair;
      const redacted = redactAt(inner, depth + 1);
      return redacted === inner ? pair : `${key}=${encodeURIComponent(redacted)}`;
    })
    .join('&');
}

function redactAt(url: string, depth: number): string {
  if (depth > MAX_DEPTH) return url;
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? '' : url.slice(hash);
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf('?');
  if (depth > 0 && q < 0 && !beforeHash.includes('=')) {
    // Encoded once more (`%253F`): look at the decoded form, and keep the encoding if nothing changes.
    const decoded = decode(url);
    if (decoded === url) return url;
    const redacted = redactAt(decoded, depth + 1);
    return redacted === decoded ? url : encodeURIComponent(redacted);
  }
  // A bare query (`a=1&token=x`) as a parameter's value, or a path with a query.
  const [path, query] =
    q >= 0
      ? [beforeHash.slice(0, q + 1), beforeHash.slice(q + 1)]
      : depth > 0 && beforeHash.includes('=')
        ? ['', beforeHash]
        : [beforeHash, ''];
  return `${path.replace(/^(\/t\/postback\/[^/?#]+\/)[^/?#]+/, `$1${REDACTED}`)}${query && redactQuery(query, depth)}${fragment}`;
}

/**
 * A URL as the request log may show it: the secret of a postback URL and credential query values
 * (`token`, `code`, `sig`, `access_token`) are replaced, also where they hide, percent-encoded, inside
 * another parameter (`/login?redirect=%2Fmanage%3Ftoken%3D...`), so logs can be shared without handing
 * out credentials.
 */
export function redactUrl(url: string): string {
  return redactAt(url, 0);
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

/** The server's logger options: the level, and requests logged with their URL redacted. */
export function requestLogOptions(level: string, stream?: { write(line: string): void }) {
  return { level, serializers: { req: serializeRequest }, ...(stream ? { stream } : {}) };
}

import RandExp from 'randexp';

/**
 * The smallest request the OpenAPI document accepts for a call: required properties and parameters
 * only, each the simplest value its JSON Schema allows (patterns filled by randexp from a fixed seed,
 * so runs repeat). The samplers on npm either ignore `pattern` or break `minimum`, hence this.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  /** A number (JSON Schema 2019+) or, in OpenAPI 3.0, a flag on `minimum`. */
  exclusiveMinimum?: number | boolean;
  maximum?: number;
}

/** mulberry32: a tiny seeded generator, so every run draws the same strings. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FORMATS: Record<string, string> = {
  email: 'probe@example.com',
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

export function sample(schema: JsonSchema, seed = 1): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], seed);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, seed)));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key, i) => [key, sample(schema.properties?.[key] ?? {}, seed + i + 1)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => sample(schema.items ?? {}, seed + i + 1));
    case 'integer':
    case 'number': {
      const { minimum, exclusiveMinimum: exclusive } = schema;
      const low =
        typeof exclusive === 'number'
          ? exclusive + 1
          : minimum === undefined
            ? 1
            : minimum + (exclusive === true ? 1 : 0);
      return schema.maximum === undefined ? low : Math.min(low, schema.maximum);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (schema.pattern) {
        const random = seeded(seed);
        const gen = new RandExp(schema.pattern);
        gen.randInt = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));
        gen.max = 3;
        return gen.gen();
      }
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return {};
  }
}

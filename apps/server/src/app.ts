import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { type Config, fastifyTrustProxy } from './config';
import type { Database } from './db/client';
import { inBackground } from './db/lanes';
import { StatisticsKeeper } from './db/statistics';
import { registerRouteAuth } from './http/auth';
import { parseRequestContext } from './http/context';
import { frameworkErrors, registerErrorHandler } from './http/error-handler';
import { HeavyGate, registerHeavyCalls } from './http/heavy-calls';
import { registerInputHygiene } from './http/input-hygiene';
import { requestLogOptions } from './http/log-redact';
import { registerOriginCheck, registerSecurityHeaders } from './http/security';
import { registerWeb } from './http/web';
import { accountRoutes } from './modules/accounts/routes';
import { advertiserRoutes } from './modules/advertisers/routes';
import { assetRoutes } from './modules/assets/routes';
import { audienceRoutes } from './modules/audiences/routes';
import { businessCenterRoutes } from './modules/business-centers/routes';
import { creativeRoutes } from './modules/campaigns/creative-routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { Bidder } from './modules/delivery/bidder';
import { exchangeRoutes } from './modules/delivery/exchange-routes';
import { bidderRoutes } from './modules/delivery/routes';
import { SimulationRunner, simulationRoutes, writeSimulationKey } from './modules/delivery/simulation';
import { fileRoutes } from './modules/files/routes';
import { createFileStorage } from './modules/files/storage';
import { financeRoutes } from './modules/finance/routes';
import { chargeSpend } from './modules/finance/spend';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createMediaMeter } from './modules/media/meter';
import { memberRoutes } from './modules/members/routes';
import { moneyViewRoutes } from './modules/money-view/routes';
import { noticeRoutes } from './modules/notices/routes';
import { partnerRoutes } from './modules/partners/routes';
import { reportRoutes } from './modules/reports/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { keepPartitions, setFullGrainDays } from './modules/statistics/partitions';
import { AssetDirectory } from './modules/tracking/directory';
import { pruneTracking } from './modules/tracking/prune';
import { trackingRoutes } from './modules/tracking/routes';
import { trackingKey } from './modules/tracking/signing';
import { IngestWriter } from './modules/tracking/writer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bidder of this process (null with `BIDDER=0`). */
    bidder: Bidder | null;
    /** The app that answers `/rtb/*` on the same port (tests inject into it). */
    rtb: FastifyInstance | null;
    /** The delivery simulator runs of this server (null without the bidder). */
    simulation: SimulationRunner | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
}

/** Builds the whole server (API, console, docs, static files) without listening. */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  // `/rtb/*` (exchanges' bid requests and notices) is answered by a lean app of its own on the same
  // port: none of the console's hooks (session, origin, security headers, input hygiene) concern an
  // exchange, and together they cost a third of a bid request's time (`npm run bench:bid`).
  let rtbRouting: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const app = Fastify({
    logger: options.logger ?? requestLogOptions(config.logLevel),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
    serverFactory: (handler) =>
      createServer((req, res) => {
        if (rtbRouting && req.url?.startsWith('/rtb/')) rtbRouting(req, res);
        else handler(req, res);
      }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputHygiene(app);

  // While shutting down, answers close their connection, so keep-alive sockets that finish a request
  // in flight do not hold the server open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await registerSecurityHeaders(app, config);
  // Answers over 1 kB in gzip when the client takes it (a report page of 5,000 rows: 1.6 MB of JSON, about
  // a tenth of that on the wire). gzip rather than brotli: brotli at a useful level costs several times
  // the CPU for a few percent less. The console's files are precompressed (`Content-Encoding` set: left as
  // they are); images, video and ranges are not compressed.
  await app.register(fastifyCompress, { global: true, encodings: ['gzip', 'deflate'], threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  app.decorateRequest('actor', null);
  app.decorateRequest('ctx');
  app.addHook('onRequest', async (request) => {
    request.ctx = parseRequestContext(request);
  });
  registerOriginCheck(app, config);
  // Reports, exports and long lists wait for a slot of their user, center and server (issue 17).
  const heavyGate = new HeavyGate(config.heavy);
  registerHeavyCalls(app, heavyGate);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Scaler Console API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
          header: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
      security: [{ cookie: [] }, { header: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/scaler/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const mailer =
    options.mailer ??
    createMailer({
      db: database.db,
      log: app.log,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      perRecipientPerHour: config.limits.mailsPerRecipientPerHour,
    });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer,
    storage: createFileStorage(config.dataDir),
    media: createMediaMeter(config.media),
  };

  // Tracking: one writer per process batches every event into few transactions, one transaction at a
  // time: fuller batches, fewer statements per event (on PostgreSQL four at a time took 30 % fewer events
  // a second in `npm run bench`, rows of the same hours waiting on each other). PGlite has one connection
  // shared with the console: each transaction aimed at 25 ms, behind interactive queries
  // (db/pglite-scheduler.ts), with statistics refreshed as the tables grow.
  const statistics = new StatisticsKeeper(database, (err) => app.log.warn({ err }, 'analyze failed'));
  const writer = new IngestWriter(
    database.db,
    app.log,
    database.kind === 'postgres'
      ? { parallel: 1 }
      : { parallel: 1, targetBatchMs: 25, lingerMs: 20, onCommitted: (items) => statistics.wrote(items) },
  );
  const directory = new AssetDirectory(database.db);
  let key: Promise<Buffer> | null = null;
  const tracking = {
    db: database.db,
    writer,
    directory,
    key: () => {
      key ??= trackingKey(database.db).catch((err) => {
        key = null;
        throw err;
      });
      return key;
    },
  };
  // A change made through the console (events, reset, delete, token rotation) is seen by the next event.
  const bidder = config.bidder.enabled
    ? new Bidder({
        db: database.db,
        listen: (channel, onNotify) => database.listen(channel, onNotify),
        writer,
        key: tracking.key,
        publicUrl: config.publicUrl,
        log: app.log,
        syncMs: config.bidder.syncMs,
      })
    : null;
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.url.startsWith('/scaler/') && reply.statusCode < 400) {
      directory.invalidate();
      // What the bidder's index is made of may have changed: rebuilt in the background, at once.
      bidder?.invalidate().catch((err) => app.log.warn({ err }, 'bidder index not rebuilt'));
    }
  });
  const prune = setInterval(
    () =>
      void inBackground(() => pruneTracking(database.db)).catch((err) =>
        app.log.warn({ err }, 'tracking prune failed'),
      ),
    10 * 60_000,
  );
  prune.unref();
  // The full-grain hourly facts' day partitions: made ahead, dropped past their retention (at start, hourly).
  setFullGrainDays(config.statsFullGrainDays);
  let keeping: Promise<unknown> = Promise.resolve();
  const keepStats = () => {
    keeping = inBackground(() =>
      keepPartitions(database.db, { fullGrainDays: config.statsFullGrainDays }),
    ).catch((err) => app.log.warn({ err }, 'statistics partitions not kept'));
  };
  keepStats();
  const partitions = setInterval(keepStats, 60 * 60_000);
  partitions.unref();
  // Spend charged from the statistics store to the accounts' wallets (finance), every minute.
  let charging: Promise<unknown> = Promise.resolve();
  const charge =
    config.financeChargeMs === null
      ? undefined
      : setInterval(() => {
          charging = inBackground(() => chargeSpend(database.db)).catch((err) =>
            app.log.warn({ err }, 'spend not charged'),
          );
        }, config.financeChargeMs);
  charge?.unref();
  app.decorate('bidder', bidder);
  let rtb: FastifyInstance | null = null;
  if (bidder) {
    await bidder.start();
    rtb = Fastify({
      // Warnings and errors only: a line per bid request would cost more than the bid.
      loggerInstance: app.log.child({ app: 'rtb' }, { level: 'warn' }),
      trustProxy: fastifyTrustProxy(config.trustProxy),
    });
    await bidderRoutes(rtb, bidder);
    await rtb.ready();
    const routing = rtb.routing.bind(rtb);
    rtbRouting = (req, res) => routing(req, res);
  }
  app.decorate('rtb', rtb);
  // The delivery simulator (`SIMULATE`, `npm run simulate`): an exchange and its users on this port.
  const simulation = bidder
    ? new SimulationRunner({
        db: database.db,
        baseUrl: `http://127.0.0.1:${config.port}`,
        log: (msg) => app.log.info({ simulator: true }, msg),
        registered: () => bidder.invalidate(),
      })
    : null;
  app.decorate('simulation', simulation);
  if (simulation) await simulationRoutes(app, simulation, writeSimulationKey(config.dataDir));
  // Before the server stops listening: the simulator's own requests keep connections to it busy, and
  // the server waits for busy connections to end.
  app.addHook('preClose', async () => {
    await simulation?.stop();
  });
  app.addHook('onClose', async () => {
    await rtb?.close();
    await bidder?.close();
    clearInterval(prune);
    clearInterval(partitions);
    clearInterval(charge);
    await keeping;
    await charging;
    await writer.drain();
    await statistics.idle();
    // Mail work that runs after its answer (deliveries, reset requests) finishes before the database closes.
    await mailer.idle();
    await deps.media.close();
  });

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ok', db: 'ok', kind: database.kind };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'error', db: 'unreachable' });
    }
  });

  await app.register(async (scope) => {
    // Every route below needs a session unless it says `config: { auth: 'public' }` (http/auth.ts).
    registerRouteAuth(scope, database.db);
    await accountRoutes(scope, deps);
    await businessCenterRoutes(scope, deps);
    await noticeRoutes(scope, deps);
    await fileRoutes(scope, deps);
    await memberRoutes(scope, deps);
    await partnerRoutes(scope, deps);
    await advertiserRoutes(scope, deps);
    await moneyViewRoutes(scope, deps);
    await financeRoutes(scope, deps);
    await exchangeRoutes(scope, deps);
    await reviewRoutes(scope, deps);
    await assetRoutes(scope, deps);
    await campaignRoutes(scope, deps);
    await audienceRoutes(scope, deps);
    await reportRoutes(scope, deps);
    await creativeRoutes(scope, deps);
    await trackingRoutes(scope, { ...deps, tracking });
  });
  await registerWeb(app, config);
  return app;
}

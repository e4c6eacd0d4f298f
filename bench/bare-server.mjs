// The ceiling of the ingestion and bidder benchmarks: a bare Fastify endpoint that parses the same body and answers
// the same envelope, with no validation and no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
app.post('/collect', async (req) => {
  const body = typeof req.body === 'string' ? JSON.parse(req.body) : req.body;
  return { code: 0, msg: 'success', data: { accepted: body.pixel_id ? 1 : 0, duplicate: 0 } };
});
// The bidder benchmark's ceiling: parses the bid request and answers one fixed bid.
app.post('/bid', async (req) => {
  const body = typeof req.body === 'string' ? JSON.parse(req.body) : req.body;
  return {
    id: body.id,
    cur: 'USD',
    seatbid: [
      {
        seat: 'bare',
        bid: [{ id: '1', impid: body.imp?.[0]?.id ?? '1', price: 1, adm: '<a></a>', crid: '1' }],
      },
    ],
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

import {
  type Locale,
  ZAccountFinance,
  ZAccountFinanceSettings,
  ZCreditLineRequest,
  ZFinanceAccountsQuery,
  ZFinanceOverview,
  ZIdParam,
  ZStatementQuery,
  ZTopup,
  ZTopupDecision,
  ZTopupRequest,
  ZTopups,
  ZTopupsQuery,
  ZTransactions,
  ZTransactionsQuery,
  ZTransferRequest,
  ZTransferResult,
  ZWallet,
} from '@scaler/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { HEAVY_CALL } from '../../http/heavy-calls';
import { accountFinance, accountTransactions, setAccountFinance } from './account';
import { centerFinance, financeOverview, listTransactions, transfer } from './service';
import { accountStatement, centerStatement, type Statement } from './statement';
import { statementCsv, statementFileName, statementPdf } from './statement-file';
import { decideTopup, listAllTopups, listTopups, requestTopup, setCreditLine } from './topups';

/** Finance (decisions 7): a center's wallets, transfers, ledger and top-ups; operators' decisions. */
export async function financeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const bank = deps.config.bank;
  type Req = Parameters<typeof actorOf>[0];
  const center = (req: Req) => ({ db, actor: actorOf(req), orgId: req.ctx.orgId, bank });
  const tags = ['finance'];
  /** The account of the `adv-id` header (none: not found). */
  const account = (req: Req) => {
    if (req.ctx.advId === null) throw new AppError('NOT_FOUND');
    return { db, actor: actorOf(req), orgId: req.ctx.orgId, advId: req.ctx.advId, mark: req.ctx.mark };
  };
  const operator = ['operator'];

  r.get(
    '/scaler/v3/finance/overview',
    {
      schema: {
        tags,
        summary: "The center's wallets and a page of its accounts with their balances (org admins)",
        querystring: ZFinanceAccountsQuery,
        response: replies(ZFinanceOverview),
      },
    },
    async (req) => ok(await financeOverview({ ...center(req), query: req.query })),
  );
  r.post(
    '/scaler/v3/finance/transfers',
    {
      schema: {
        tags,
        summary: "Moves money between the center's wallet and its accounts: all items or none, once per key",
        body: ZTransferRequest,
        response: replies(ZTransferResult),
      },
    },
    async (req) => ok(await transfer({ ...center(req), input: req.body })),
  );
  r.get(
    '/scaler/v3/finance/transactions',
    {
      schema: {
        tags,
        summary: "A page of the ledger rows of the center's and its accounts' wallets, newest first",
        querystring: ZTransactionsQuery,
        response: replies(ZTransactions),
      },
    },
    async (req) => ok(await listTransactions({ ...center(req), query: req.query, offset: req.ctx.timezone })),
  );
  r.post(
    '/scaler/v3/finance/topups',
    {
      schema: {
        tags,
        summary: 'Asks for a bank-transfer top-up: answers the reference and where to pay',
        body: ZTopupRequest,
        response: replies(ZTopup),
      },
    },
    async (req) => ok(await requestTopup({ ...center(req), input: req.body })),
  );
  r.get(
    '/scaler/v3/finance/topups',
    {
      schema: {
        tags,
        summary: "The center's top-up requests, newest first",
        querystring: ZTopupsQuery,
        response: replies(ZTopups),
      },
    },
    async (req) => ok(await listTopups({ ...center(req), query: req.query })),
  );

  r.get(
    '/scaler/v3/finance/account',
    {
      schema: {
        tags,
        summary: "The adv-id account's balance, today's spend, days left, cap and alert",
        response: replies(ZAccountFinance),
      },
    },
    async (req) => ok(await accountFinance(account(req))),
  );
  r.put(
    '/scaler/v3/finance/account',
    {
      schema: {
        tags,
        summary: "Sets the adv-id account's daily spending cap and low-balance alert",
        body: ZAccountFinanceSettings,
        response: replies(ZAccountFinance),
      },
    },
    async (req) => ok(await setAccountFinance({ ...account(req), input: req.body })),
  );
  r.get(
    '/scaler/v3/finance/account/transactions',
    {
      schema: {
        tags,
        summary: "A page of the adv-id account's ledger rows, newest first",
        querystring: ZTransactionsQuery,
        response: replies(ZTransactions),
      },
    },
    async (req) =>
      ok(await accountTransactions({ ...account(req), query: req.query, offset: req.ctx.timezone })),
  );

  /** A statement as a download: a PDF or CSV file, never shown in the console's origin. */
  const sendStatement = async (
    reply: FastifyReply,
    s: Statement,
    format: 'pdf' | 'csv',
    language: Locale,
  ) => {
    const name = statementFileName(s, format);
    const body = format === 'pdf' ? await statementPdf(s, language) : statementCsv(s, language);
    return reply
      .type(format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  };
  r.get(
    '/scaler/v3/finance/statement',
    {
      schema: {
        tags,
        summary: "A month's statement of the center's wallets, as PDF or CSV (org admins)",
        querystring: ZStatementQuery,
      },
      config: HEAVY_CALL,
    },
    async (req, reply) =>
      sendStatement(
        reply,
        await centerStatement({ ...center(req), query: req.query, offset: req.ctx.timezone }),
        req.query.format,
        req.ctx.language,
      ),
  );
  r.get(
    '/scaler/v3/finance/account/statement',
    {
      schema: {
        tags,
        summary: "A month's statement of the adv-id account, as PDF or CSV",
        querystring: ZStatementQuery,
      },
      config: HEAVY_CALL,
    },
    async (req, reply) =>
      sendStatement(
        reply,
        await accountStatement({ ...account(req), query: req.query, offset: req.ctx.timezone }),
        req.query.format,
        req.ctx.language,
      ),
  );

  r.get(
    '/scaler/sa/topups',
    {
      schema: {
        tags: operator,
        summary: "Every center's top-up requests (platform operators)",
        querystring: ZTopupsQuery,
        response: replies(ZTopups),
      },
    },
    async (req) => ok(await listAllTopups({ db, actor: actorOf(req), bank, query: req.query })),
  );
  r.post(
    '/scaler/sa/topups/:id/decision',
    {
      schema: {
        tags: operator,
        summary: 'Confirms a top-up with the amount received, or rejects it (platform operators)',
        params: z.object({ id: ZIdParam }),
        body: ZTopupDecision,
        response: replies(ZTopup),
      },
    },
    async (req) =>
      ok(await decideTopup({ db, actor: actorOf(req), bank, id: req.params.id, input: req.body })),
  );
  r.get(
    '/scaler/sa/centers/:org_id/finance',
    {
      schema: {
        tags: operator,
        summary: "A center's wallets and its accounts' (platform operators: credit lines)",
        params: z.object({ org_id: ZIdParam }),
        querystring: ZFinanceAccountsQuery,
        response: replies(ZFinanceOverview),
      },
    },
    async (req) =>
      ok(await centerFinance({ db, actor: actorOf(req), orgId: req.params.org_id, query: req.query })),
  );
  r.put(
    '/scaler/sa/wallets/:wallet_id/credit',
    {
      schema: {
        tags: operator,
        summary: "Sets a center's or an account's credit line (platform operators)",
        params: z.object({ wallet_id: ZIdParam }),
        body: ZCreditLineRequest,
        response: replies(ZWallet),
      },
    },
    async (req) =>
      ok(
        await setCreditLine({
          db,
          actor: actorOf(req),
          bank,
          walletId: req.params.wallet_id,
          input: req.body,
        }),
      ),
  );
}

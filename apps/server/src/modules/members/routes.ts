import {
  ZAcceptInvitationRequest,
  ZAcceptInvitationResult,
  ZAssignAccountsRequest,
  ZAssignAccountsResult,
  ZIdParam,
  ZInvitationInfo,
  ZInvitationList,
  ZInvitationListQuery,
  ZInviteMembersRequest,
  ZInviteMembersResult,
  ZMemberList,
  ZMemberListQuery,
  ZNull,
  ZUpdateMemberRoleRequest,
} from '@scaler/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf, PUBLIC_ROUTE, setSessionCookie } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { authenticate } from '../accounts/sessions';
import { acceptInvitation, invitationForToken } from './accept';
import {
  assignAccounts,
  cancelInvitation,
  inviteMembers,
  listInvitations,
  listMembers,
  removeMember,
  resendInvitation,
  updateMemberRole,
} from './service';

const tags = ['members'];
const ZUserParams = z.object({ user_id: z.string().regex(/^[0-9a-f]{24}$/) });
const ZInvitationParams = z.object({ id: ZIdParam });

export async function memberRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };
  const ctx = (req: { ctx: { orgId: number | null } } & Parameters<typeof actorOf>[0]) => ({
    db,
    actor: actorOf(req),
    orgId: req.ctx.orgId,
  });

  r.get(
    '/scaler/v3/bc/members',
    {
      schema: {
        tags,
        summary: 'Members, a page at a time, with their accounts in this center',
        querystring: ZMemberListQuery,
        response: replies(ZMemberList),
      },
    },
    async (req) => ok(await listMembers({ ...ctx(req), query: req.query })),
  );

  r.get(
    '/scaler/v3/bc/invitations',
    {
      schema: {
        tags,
        summary: 'Pending invitations, a page at a time (admins)',
        querystring: ZInvitationListQuery,
        response: replies(ZInvitationList),
      },
    },
    async (req) => ok(await listInvitations({ ...ctx(req), query: req.query })),
  );

  r.post(
    '/scaler/v3/bc/invitations',
    {
      schema: {
        tags,
        summary: 'Invite people by e-mail',
        body: ZInviteMembersRequest,
        response: replies(ZInviteMembersResult),
      },
    },
    async (req) =>
      ok(await inviteMembers({ ...ctx(req), ...mail, input: req.body, language: req.ctx.language })),
  );

  r.post(
    '/scaler/v3/bc/invitations/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send an invitation again',
        params: ZInvitationParams,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await resendInvitation({
        ...ctx(req),
        ...mail,
        invitationId: req.params.id,
        language: req.ctx.language,
      });
      return ok(null);
    },
  );

  r.delete(
    '/scaler/v3/bc/invitations/:id',
    {
      schema: { tags, summary: 'Cancel an invitation', params: ZInvitationParams, response: replies(ZNull) },
    },
    async (req) => {
      await cancelInvitation({ ...ctx(req), invitationId: req.params.id });
      return ok(null);
    },
  );

  r.put(
    '/scaler/v3/bc/members/:user_id',
    {
      schema: {
        tags,
        summary: "Change a member's role",
        params: ZUserParams,
        body: ZUpdateMemberRoleRequest,
        response: replies(ZNull),
      },
    },
    async (req) => {
      await updateMemberRole({ ...ctx(req), userId: req.params.user_id, orgRole: req.body.org_role });
      return ok(null);
    },
  );

  r.delete(
    '/scaler/v3/bc/members/:user_id',
    {
      schema: { tags, summary: 'Remove a member', params: ZUserParams, response: replies(ZNull) },
    },
    async (req) => {
      await removeMember({ ...ctx(req), userId: req.params.user_id });
      return ok(null);
    },
  );

  r.put(
    '/scaler/v3/bc/members/:user_id/advs',
    {
      schema: {
        tags,
        summary: "Set a member's advertiser accounts and roles",
        params: ZUserParams,
        body: ZAssignAccountsRequest,
        response: replies(ZAssignAccountsResult),
      },
    },
    async (req) => ok(await assignAccounts({ ...ctx(req), userId: req.params.user_id, advs: req.body.advs })),
  );

  r.get(
    '/scaler/account/invitation',
    {
      schema: {
        tags,
        summary: 'Describe an invitation link',
        querystring: z.object({ token: z.string().min(16).max(128) }),
        response: replies(ZInvitationInfo),
      },
      config: PUBLIC_ROUTE,
    },
    async (req) => ok(await invitationForToken(db, req.query.token)),
  );

  r.post(
    '/scaler/account/invitation/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation (signed in, or signing up)',
        body: ZAcceptInvitationRequest,
        response: replies(ZAcceptInvitationResult),
      },
      config: PUBLIC_ROUTE,
    },
    async (req, reply) => {
      const actor = req.ctx.token
        ? await authenticate({ db, token: req.ctx.token }).catch((err) => {
            if (err instanceof AppError) return null;
            throw err;
          })
        : null;
      const result = await acceptInvitation({
        db,
        actor,
        token: req.body.token,
        password: req.body.password,
        name: req.body.name,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      if (result.token) setSessionCookie(reply, result.token, deps.config.cookieSecure);
      return ok({ org_id: result.org_id, signed_up: result.token !== null });
    },
  );
}

import * as z from 'zod/mini';
import { ADV_ROLES, ORG_TYPES } from './codes';
import { ZAdvAssignments } from './members';

/** POST /scaler/v3/bc/partners: asks another center to become a partner (its admins accept or decline). */
export const ZAddPartnerRequest = z.object({
  partner_org_id: z.coerce.number().check(
    z.int(),
    z.gte(100000, { message: 'validation.org_id' }),
    z.lte(9_999_999, {
      message: 'validation.org_id',
    }),
  ),
});
export const ZShareAccountsRequest = z.object({ advs: ZAdvAssignments });

const ZOrgType = z.union(ORG_TYPES.map((t) => z.literal(t)));

/** An account shared with a partner, with the highest role the partner's members may get on it. */
export const ZSharedAccount = z.object({
  adv_id: z.int(),
  adv_name: z.string(),
  adv_role: z.enum(ADV_ROLES),
});
export type TSharedAccount = z.infer<typeof ZSharedAccount>;

export const ZPartner = z.object({
  org_id: z.int(),
  org_name: z.string(),
  org_type: ZOrgType,
  avatar: z.nullable(z.string()),
  created_at: z.string(),
  shares: z.array(ZSharedAccount),
});
export type TPartner = z.infer<typeof ZPartner>;

export const PARTNER_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type PartnerRequestStatus = (typeof PARTNER_REQUEST_STATUSES)[number];

/**
 * A request to become partners. `outgoing`: this center asked `org_id` (it will share its accounts with
 * it); `incoming`: `org_id` asked this center. Only the asked center's admins accept or decline; the
 * asking center's admins may cancel while it is pending.
 */
export const ZPartnerRequest = z.object({
  id: z.int(),
  direction: z.enum(['outgoing', 'incoming']),
  /** The other center. */
  org_id: z.int(),
  org_name: z.string(),
  org_type: ZOrgType,
  status: z.enum(PARTNER_REQUEST_STATUSES),
  /** E-mail of the admin who asked. */
  requested_by: z.string(),
  created_at: z.string(),
});
export type TPartnerRequest = z.infer<typeof ZPartnerRequest>;

/** GET /scaler/v3/bc/partners: partners we share with, centers sharing with us, pending requests. */
export const ZPartnersPage = z.object({
  partners: z.array(ZPartner),
  shared_with_us: z.array(z.object({ org_id: z.int(), org_name: z.string(), advs: z.array(ZSharedAccount) })),
  requests: z.object({
    outgoing: z.array(ZPartnerRequest),
    incoming: z.array(ZPartnerRequest),
  }),
});
export type TPartnersPage = z.infer<typeof ZPartnersPage>;

/** POST /scaler/v3/bc/partners/requests/:id/accept: the partnership made. */
export const ZPartnership = z.object({ org_id: z.int(), org_name: z.string() });
export type TPartnership = z.infer<typeof ZPartnership>;

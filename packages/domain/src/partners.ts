import { z } from 'zod';
import type { OrgType } from './codes';
import type { TAdvAssignment } from './members';
import { ZAdvAssignments } from './members';

export const ZAddPartnerRequest = z.object({
  partner_org_id: z.coerce.number().int().min(100000, { message: 'validation.org_id' }).max(9_999_999, {
    message: 'validation.org_id',
  }),
});
export const ZShareAccountsRequest = z.object({ advs: ZAdvAssignments });

export interface TPartner {
  org_id: number;
  org_name: string;
  org_type: OrgType;
  avatar: string | null;
  created_at: string;
  shares: (TAdvAssignment & { adv_name: string })[];
}

/** GET /scaler/v3/bc/partners: partners we share with, and centers that share with us. */
export interface TPartnersPage {
  partners: TPartner[];
  shared_with_us: { org_id: number; org_name: string; advs: (TAdvAssignment & { adv_name: string })[] }[];
}

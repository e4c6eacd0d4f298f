import { ORG_STATUS, type TCreateBusinessCenterRequest, type TOrgSummary } from '@scaler/domain';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { orgMembers, orgs } from '../../db/schema';
import { listMemberships } from '../accounts/queries';

/** Creates a center with the caller as its first admin. It starts engaged until an operator approves it. */
export async function createBusinessCenter(options: {
  db: Db;
  actor: Actor;
  input: TCreateBusinessCenterRequest;
}): Promise<TOrgSummary> {
  const { input } = options;
  return options.db.transaction(async (tx) => {
    const [org] = await tx
      .insert(orgs)
      .values({
        orgName: input.org_name,
        orgType: input.org_type,
        orgStatus: ORG_STATUS.engaged,
        companyName: input.company_name,
        profession: input.profession,
        currency: input.currency,
        timezone: input.timezone,
        targetLocation: input.target_location,
        website: input.website,
        taxNumber: input.tax_number,
        licenseNo: input.license_no,
        contactName: input.contact_name,
        telephone: input.telephone,
        phone: input.phone,
        createdBy: options.actor.userId,
      })
      .returning();
    await tx
      .insert(orgMembers)
      .values({ orgId: org.orgId, userId: options.actor.userId, orgRole: 'org_admin' });
    return {
      org_id: org.orgId,
      org_name: org.orgName,
      avatar: org.avatar,
      org_status: ORG_STATUS.engaged,
      org_role: 'org_admin',
      org_type: input.org_type,
    };
  });
}

export async function listBusinessCenters(options: { db: Db; actor: Actor }): Promise<TOrgSummary[]> {
  return (await listMemberships(options.db, options.actor.userId)) as TOrgSummary[];
}

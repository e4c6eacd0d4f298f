import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  activityLog,
  advertisers,
  advShares,
  invitations,
  notices,
  orgPartners,
  uploadedFiles,
  verifications,
} from '../db/schema';
import { EMAIL_TOKEN_TTL_MS } from '../modules/accounts/email-links';
import type { FileStorage } from '../modules/files/storage';

/** Ids of what `seedDemo` created, by the keys of its tables. */
export interface DemoIds {
  users: Map<string, { id: string; email: string; language: string }>;
  orgs: Map<string, number>;
  advs: Map<string, number>;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * A small but real PDF (one page, one line of text): what an uploaded business license looks like,
 * so the evidence of the review queues and the license pages open in a viewer.
 */
export function demoLicensePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * What makes every management screen of the demo look lived in: a partner sharing, a pending
 * invitation, license files, a verification waiting for the operator, the activity behind the seeded
 * states and the notices those events sent. Runs inside `seedDemo`'s transaction.
 */
export async function seedDemoContent(tx: Executor, storage: FileStorage, ids: DemoIds, now = Date.now()) {
  const user = (key: string) => ids.users.get(key)!;
  const org = (key: string) => ids.orgs.get(key)!;
  const adv = (key: string) => ids.advs.get(key)!;
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

  // License files: Northwind's own (approved long ago), two accounts', and Summit's pending review.
  const license = async (title: string, owner: { orgId: number } | { advId: number }, by: string) => {
    const bytes = demoLicensePdf(title);
    const name = await storage.save('license', 'pdf', bytes);
    await tx.insert(uploadedFiles).values({
      name,
      kind: 'license',
      mime: 'application/pdf',
      size: bytes.length,
      originalName: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
      uploadedBy: user(by).id,
      ...owner,
    });
    return name;
  };
  const northwindLicense = await license(
    'Northwind Media Ltd. business license',
    { orgId: org('northwind') },
    'admin',
  );
  await license('Northwind Shoes business license', { advId: adv('shoes') }, 'admin');
  await license('Northwind Travel business license', { advId: adv('travel') }, 'admin');
  const summitLicense = await license(
    'Summit Ads GmbH business license',
    { orgId: org('summit') },
    'pending',
  );

  const [northwindVerification] = await tx
    .insert(verifications)
    .values([
      {
        orgId: org('northwind'),
        status: 'approved',
        note: 'Registered company, license attached.',
        licenseFiles: [northwindLicense],
        submittedBy: user('admin').id,
        reviewedBy: user('operator').id,
        reviewedAt: at(58),
        createdAt: at(59),
      },
      {
        orgId: org('summit'),
        status: 'pending',
        note: 'Please review our registration; the license is attached.',
        licenseFiles: [summitLicense],
        submittedBy: user('pending').id,
        createdAt: at(1),
      },
    ])
    .returning({ id: verifications.id });

  // The operator's decisions on Northwind's accounts, with their reasons.
  await tx
    .update(advertisers)
    .set({ reviewReason: 'The landing page does not match the company named in the license.' })
    .where(eq(advertisers.advId, adv('rejected')));
  await tx
    .update(advertisers)
    .set({ reviewReason: 'Paused at the advertiser’s request while billing details are updated.' })
    .where(eq(advertisers.advId, adv('stopped')));
  await tx
    .update(advertisers)
    .set({ closedAt: at(20) })
    .where(eq(advertisers.advId, adv('closed')));

  // Northwind works with Lakeside Digital, which runs Northwind Games for it.
  await tx.insert(orgPartners).values({
    orgId: org('northwind'),
    partnerOrgId: org('lakeside'),
    createdBy: user('admin').id,
    createdAt: at(12),
  });
  await tx.insert(advShares).values({
    advId: adv('games'),
    partnerOrgId: org('lakeside'),
    advRole: 'role_operator',
    createdAt: at(12),
  });

  // A new hire has been invited and not answered yet (resend from the members page for a link).
  const [invitation] = await tx
    .insert(invitations)
    .values({
      orgId: org('northwind'),
      email: 'new.hire@demo.test',
      orgRole: 'org_user',
      advs: [{ adv_id: adv('shoes'), adv_role: 'role_analyst' }],
      invitedBy: user('admin').id,
      expiresAt: new Date(now + EMAIL_TOKEN_TTL_MS.invite - 2 * DAY),
      createdAt: at(2),
    })
    .returning({ id: invitations.id });

  const admin = { actorId: user('admin').id, actorEmail: user('admin').email };
  const operator = { actorId: user('operator').id, actorEmail: user('operator').email };
  const northwind = org('northwind');
  const advEntry = (key: string, name: string, daysAgo: number, status: number) => ({
    orgId: northwind,
    ...admin,
    action: 'account.create',
    objectType: 'advertiser',
    objectId: String(adv(key)),
    after: { adv_name: name, status },
    createdAt: at(daysAgo),
  });
  const review = (key: string, daysAgo: number, status: number, reason = '') => ({
    orgId: northwind,
    ...operator,
    action: `review.account_${status}`,
    objectType: 'advertiser',
    objectId: String(adv(key)),
    before: { status: 0 },
    after: { status, reason },
    createdAt: at(daysAgo),
  });
  await tx.insert(activityLog).values([
    {
      orgId: northwind,
      ...admin,
      action: 'center.verify_submit',
      objectType: 'verification',
      objectId: String(northwindVerification.id),
      after: { license_files: 1 },
      createdAt: at(59),
    },
    {
      orgId: northwind,
      ...operator,
      action: 'review.center_approve',
      objectType: 'verification',
      objectId: String(northwindVerification.id),
      before: { org_status: 3 },
      after: { org_status: 1, reason: '' },
      createdAt: at(58),
    },
    advEntry('shoes', 'Northwind Shoes', 50, 0),
    review('shoes', 49, 1),
    advEntry('games', 'Northwind Games', 45, 0),
    review('games', 44, 1),
    {
      orgId: northwind,
      actorId: user('user').id,
      actorEmail: user('user').email,
      action: 'member.join',
      objectType: 'member',
      objectId: user('user').id,
      after: { org_role: 'org_user' },
      createdAt: at(40),
    },
    advEntry('rejected', 'Northwind Rejected', 30, 0),
    review('rejected', 29, 2, 'The landing page does not match the company named in the license.'),
    advEntry('stopped', 'Northwind Stopped', 28, 0),
    review('stopped', 25, 3, 'Paused at the advertiser’s request while billing details are updated.'),
    {
      orgId: northwind,
      ...admin,
      action: 'account.close',
      objectType: 'advertiser',
      objectId: String(adv('closed')),
      before: { status: 1 },
      after: { status: 4 },
      createdAt: at(20),
    },
    {
      orgId: northwind,
      ...admin,
      action: 'partner.add',
      objectType: 'partner',
      objectId: String(org('lakeside')),
      after: { org_name: 'Lakeside Digital' },
      createdAt: at(12),
    },
    {
      orgId: northwind,
      ...admin,
      action: 'partner.share',
      objectType: 'partner',
      objectId: String(org('lakeside')),
      after: { advs: [{ adv_id: adv('games'), adv_role: 'role_operator' }] },
      createdAt: at(12),
    },
    advEntry('travel', 'Northwind Travel', 3, 0),
    {
      orgId: northwind,
      ...admin,
      action: 'member.invite',
      objectType: 'invitation',
      objectId: String(invitation.id),
      after: {
        email: 'new.hire@demo.test',
        org_role: 'org_user',
        advs: [{ adv_id: adv('shoes'), adv_role: 'role_analyst' }],
      },
      createdAt: at(2),
    },
  ]);

  // The notices those events sent (read in each reader's language).
  const notice = (
    to: string,
    daysAgo: number,
    n: { type: string; code: number; message: string; params: Record<string, string | number> },
    extra: { orgId?: number; advId?: number; reason?: string; read?: boolean } = {},
  ) => ({
    userId: user(to).id,
    orgId: extra.orgId ?? null,
    advId: extra.advId ?? null,
    type: n.type,
    code: n.code,
    reason: extra.reason ?? '',
    read: extra.read ?? false,
    message: n.message,
    params: n.params,
    createdAt: at(daysAgo),
  });
  const accountNotice = (key: string, name: string, status: number) => ({
    type: 'account',
    code: status,
    message: `notices.account_status_${status}`,
    params: { adv: name, adv_id: adv(key) },
  });
  await tx.insert(notices).values([
    notice('admin', 49, accountNotice('shoes', 'Northwind Shoes', 1), {
      orgId: northwind,
      advId: adv('shoes'),
      read: true,
    }),
    notice('admin', 29, accountNotice('rejected', 'Northwind Rejected', 2), {
      orgId: northwind,
      advId: adv('rejected'),
      reason: 'The landing page does not match the company named in the license.',
    }),
    notice('admin', 25, accountNotice('stopped', 'Northwind Stopped', 3), {
      orgId: northwind,
      advId: adv('stopped'),
      reason: 'Paused at the advertiser’s request while billing details are updated.',
    }),
    notice(
      'partner',
      12,
      {
        type: 'partner',
        code: 1,
        message: 'notices.partner_added',
        params: { org: 'Northwind Agency', org_id: northwind },
      },
      { orgId: org('lakeside') },
    ),
  ]);
}

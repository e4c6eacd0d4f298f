import * as z from 'zod/mini';
import { ZCompanyValues } from './business-centers';
import { ADV_STATUS, ADV_STATUSES, ORG_STATUSES, ORG_TYPES } from './codes';
import { ZLicenseFile } from './files';

/** Operator decisions on a center's verification. */
export const ZCenterReviewRequest = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z._default(z.string().check(z.trim(), z.maxLength(500, { message: 'validation.too_long' })), ''),
  })
  .check(
    z.refine((r) => r.decision === 'approve' || r.reason.length > 0, {
      message: 'validation.reason_required',
      path: ['reason'],
    }),
  );

/** Operator decisions on an advertiser account: approve to 1, reject 2, stop 3, disable 4 (spec 4). */
export const ZAdvReviewRequest = z
  .object({
    status: z.union([
      z.literal(ADV_STATUS.active),
      z.literal(ADV_STATUS.rejected),
      z.literal(ADV_STATUS.stopped),
      z.literal(ADV_STATUS.disabled),
    ]),
    reason: z._default(z.string().check(z.trim(), z.maxLength(500, { message: 'validation.too_long' })), ''),
  })
  .check(
    z.refine((r) => r.status === ADV_STATUS.active || r.reason.length > 0, {
      message: 'validation.reason_required',
      path: ['reason'],
    }),
  );

/** POST /scaler/v3/bc/verification. */
export const ZSubmitVerificationRequest = z.object({
  license_files: z
    .array(z.string().check(z.regex(/^[a-f0-9]{32}\.(pdf|png|jpg|webp)$/)))
    .check(z.minLength(1, { message: 'validation.license_required' }), z.maxLength(10)),
  note: z._default(z.string().check(z.trim(), z.maxLength(500, { message: 'validation.too_long' })), ''),
});

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const ZVerification = z.object({
  id: z.int(),
  org_id: z.int(),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string(),
  note: z.string(),
  license_files: z.array(ZLicenseFile),
  submitted_by: z.string(),
  created_at: z.string(),
  reviewed_at: z.nullable(z.string()),
});
export type TVerification = z.infer<typeof ZVerification>;

/** GET /scaler/v3/bc/verification: the center's status and its submissions, newest first. */
export const ZVerificationPage = z.object({
  org_status: z.union(ORG_STATUSES.map((s) => z.literal(s))),
  history: z.array(ZVerification),
});
export type TVerificationPage = z.infer<typeof ZVerificationPage>;

/** GET /scaler/sa/centers: a verification with its center and the center's company fields. */
export const ZCenterReview = z.extend(z.extend(ZVerification, ZCompanyValues.shape), {
  org_name: z.string(),
  org_type: z.union(ORG_TYPES.map((t) => z.literal(t))),
  org_status: z.union(ORG_STATUSES.map((s) => z.literal(s))),
});
export type TCenterReview = z.infer<typeof ZCenterReview>;

/** GET /scaler/sa/advs: an account with its center and the evidence. */
export const ZAccountReview = z.extend(ZCompanyValues, {
  adv_id: z.int(),
  adv_name: z.string(),
  status: z.union(ADV_STATUSES.map((s) => z.literal(s))),
  closed: z.boolean(),
  review_reason: z.string(),
  org_id: z.int(),
  org_name: z.string(),
  created_at: z.string(),
  license_files: z.array(ZLicenseFile),
});
export type TAccountReview = z.infer<typeof ZAccountReview>;

/** GET /scaler/sa/log: one operator decision (who, what, which object, before and after, when). */
export const ZReviewLogEntry = z.object({
  id: z.int(),
  org_id: z.nullable(z.int()),
  actor_email: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  time: z.string(),
});
export type TReviewLogEntry = z.infer<typeof ZReviewLogEntry>;

import { z } from 'zod';
import { ADV_STATUS } from './codes';
import type { TLicenseFile } from './files';

/** Operator decisions on a center's verification. */
export const ZCenterReviewRequest = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500, { message: 'validation.too_long' }).default(''),
  })
  .refine((r) => r.decision === 'approve' || r.reason.length > 0, {
    message: 'validation.reason_required',
    path: ['reason'],
  });

/** Operator decisions on an advertiser account: approve to 1, reject 2, stop 3, disable 4 (spec 4). */
export const ZAdvReviewRequest = z
  .object({
    status: z.union([
      z.literal(ADV_STATUS.active),
      z.literal(ADV_STATUS.rejected),
      z.literal(ADV_STATUS.stopped),
      z.literal(ADV_STATUS.disabled),
    ]),
    reason: z.string().trim().max(500, { message: 'validation.too_long' }).default(''),
  })
  .refine((r) => r.status === ADV_STATUS.active || r.reason.length > 0, {
    message: 'validation.reason_required',
    path: ['reason'],
  });

/** POST /scaler/v3/bc/verification. */
export const ZSubmitVerificationRequest = z.object({
  license_files: z
    .array(z.string().regex(/^[a-f0-9]{32}\.(pdf|png|jpg|webp)$/))
    .min(1, { message: 'validation.license_required' })
    .max(10),
  note: z.string().trim().max(500, { message: 'validation.too_long' }).default(''),
});

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export interface TVerification {
  id: number;
  org_id: number;
  status: VerificationStatus;
  reason: string;
  note: string;
  license_files: TLicenseFile[];
  submitted_by: string;
  created_at: string;
  reviewed_at: string | null;
}

import { CALLS_TO_ACTION, PROMOTE_GOALS } from './campaigns';
import {
  AUDIENCE_STATUS,
  BIDDING_TYPE,
  BILLING_TYPE,
  CAMPAIGN_TYPES,
  CREATIVE_REJECTION_REASONS,
  CREATIVE_TYPES,
  DELIVERY_STATUS,
  LINK_TYPE,
  OS,
} from './codes';

/**
 * The code tables `GET /scaler/v3/utils/{name}` answers (spec 7 "Utils"): each value with the message
 * key of its label, translated by the server in the request's language. One place for pickers and
 * exports that need the labels of a code outside the console.
 */
export const CODE_TABLES = {
  campaign_type: CAMPAIGN_TYPES.map((v) => ({ value: v, key: `code.campaign_type.${v}` })),
  promote_goal: PROMOTE_GOALS.map((v) => ({ value: v, key: `code.promote_goal.${v}` })),
  link_type: Object.values(LINK_TYPE).map((v) => ({ value: v, key: `code.link_type.${v}` })),
  os: Object.values(OS).map((v) => ({ value: v, key: `code.os.${v}` })),
  bidding_type: Object.values(BIDDING_TYPE).map((v) => ({ value: v, key: `code.bidding_type.${v}` })),
  billing_type: Object.values(BILLING_TYPE).map((v) => ({ value: v, key: `code.billing_type.${v}` })),
  budget_type: [0, 1].map((v) => ({ value: v, key: `code.budget_type.${v}` })),
  creative_type: CREATIVE_TYPES.map((v) => ({ value: v, key: `code.creative_type.${v}` })),
  call_to_action: CALLS_TO_ACTION.map((v) => ({ value: v, key: `code.call_to_action.${v}` })),
  review_status: [0, 1, 2, 3].map((v) => ({ value: v, key: `code.review_status.${v}` })),
  delivery_status: Object.values(DELIVERY_STATUS).map((v) => ({
    value: v,
    key: `code.delivery_status.${v}`,
  })),
  audience_status: Object.values(AUDIENCE_STATUS).map((v) => ({
    value: v,
    key: `code.audience_status.${v}`,
  })),
  reject_reason: Object.keys(CREATIVE_REJECTION_REASONS).map((v) => ({
    value: Number(v),
    key: `creative.reason.${v}`,
  })),
} as const satisfies Record<string, readonly { value: string | number; key: string }[]>;
export type CodeTableName = keyof typeof CODE_TABLES;
export const CODE_TABLE_NAMES = Object.keys(CODE_TABLES) as CodeTableName[];

/** Code tables of the specification (sections 4 and 9) and decisions section 3, defined once. */

export const ORG_TYPE = { agency: 1, advertiser: 2 } as const;
export type OrgType = (typeof ORG_TYPE)[keyof typeof ORG_TYPE];
export const ORG_TYPES = [ORG_TYPE.agency, ORG_TYPE.advertiser] as const;

export const ORG_STATUS = { review: 0, active: 1, engaged: 2, rejected: 3, disabled: 4 } as const;
export type OrgStatus = (typeof ORG_STATUS)[keyof typeof ORG_STATUS];
export const ORG_STATUSES = [0, 1, 2, 3, 4] as const satisfies readonly OrgStatus[];

export const ORG_ROLES = ['org_admin', 'org_user'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Advertiser account status (spec 4). */
export const ADV_STATUS = { review: 0, active: 1, rejected: 2, stopped: 3, disabled: 4 } as const;
export type AdvStatus = (typeof ADV_STATUS)[keyof typeof ADV_STATUS];
export const ADV_STATUSES = [0, 1, 2, 3, 4] as const satisfies readonly AdvStatus[];

export const ADV_ROLES = ['role_admin', 'role_admin_client', 'role_operator', 'role_analyst'] as const;
export type AdvRole = (typeof ADV_ROLES)[number];

export const DELIVERY_STATUS = {
  active: 0,
  review: 1,
  reject: 2,
  notDelivering: 10,
  campaignPaused: 11,
  adGroupPaused: 12,
  creativePaused: 13,
  deleted: 14,
  exceedingAccountLimit: 20,
  exceedingCampaignLifetimeBudget: 21,
  exceedingAdGroupDailyBudget: 22,
  exceedingCampaignTotalBudget: 23,
  exceedingAdGroupTotalBudget: 24,
  /**
   * Not in spec 4, which has no code for a campaign's daily budget (23 is its total, i.e. lifetime,
   * budget): an extension of decisions 8, documented in docs/dev/api-contract.md (issue 18).
   */
  exceedingCampaignDailyBudget: 25,
} as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];

export const STATUS_FILTERS = {
  campaign: [0, 11, 10, 14],
  adgroup: [0, 10, 1, 2, 12, 14],
  creative: [0, 10, 13, 1, 2, 14],
} as const satisfies Record<string, readonly DeliveryStatus[]>;

export const APP_EVENT_RECORDING = { none: 0, inactive: 1, recording: 2 } as const;
export const AUDIENCE_STATUS = { none: 0, processing: 1, inEffect: 2, invalid: 3 } as const;

export const BIDDING_TYPE = { CPM: 1, CPC: 2, CPA: 3, CPI: 4, ROAS0: 6, ROAS7: 7, ROAS: 8 } as const;
export const BILLING_TYPE = { CPM: 1, CPI: 2, CPA: 3 } as const;
export const BUDGET_TYPE = { daily: 0, lifetime: 1 } as const;
export const SCHEDULE_TYPE = { continuous: 0, dateRange: 1 } as const;
export const DAYPARTING = { allDay: 0, specific: 1 } as const;
export const OS = { iOS: 1, Android: 2 } as const;
export const LINK_TYPE = { app: 1, link: 2 } as const;
export const DOWNLOAD_TYPE = { appStore: 1, apk: 3 } as const;
export const PIXEL_MODE = { pixel: 1, api: 2 } as const;
export const CREATIVE_TYPES = ['image', 'nativeImg', 'video', 'videoEndCard', 'html', 'videoHtml'] as const;
export const CAMPAIGN_TYPES = ['install', 'retargeting', 'cps'] as const;

export const CREATIVE_REJECTION_REASONS = {
  1000: 'custom',
  1001: 'sexually_suggestive',
  1002: 'misleading_or_scams',
  1003: 'prohibited_products',
  1004: 'shocking_or_inappropriate',
  1005: 'infringing_ip',
  1006: 'unacceptable_business_practices',
  1007: 'low_quality_or_unplayable',
  1008: 'text_overlay_issues',
  1009: 'circumventing_systems',
  1010: 'broken_landing_page',
} as const;

/** Organisation ids whose pixel snippet loads from the special script source (spec 9). */
export const SPECIAL_PIXEL_SCRIPT_ORG_IDS = [100098, 100099, 100164, 100172] as const;

export const ATTRIBUTION_PARTNERS = [
  'appsflyer',
  'adjust',
  'branch',
  'kochava',
  'singular',
  'tenjin',
  'airbridge',
  'appmetrica',
] as const;
export type AttributionPartner = (typeof ATTRIBUTION_PARTNERS)[number];

/** First ids handed out (decisions: numeric six-digit org ids from 100001). */
export const FIRST_ORG_ID = 100001;
export const FIRST_ADV_ID = 1000001;

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const NOTICE_POLL_MS = 600_000;
export const SIDE_MENU_WIDTH = 220;
export const SIDE_MENU_COLLAPSED_WIDTH = 48;

import type { MessageKey } from '@scaler/domain';
import type enAccounts from './locales/en-US/accounts.json';
import type enAdvertisers from './locales/en-US/advertisers.json';
import type enAssets from './locales/en-US/assets.json';
import type enAudiences from './locales/en-US/audiences.json';
import type enBusinessCenters from './locales/en-US/business-centers.json';
import type enBusinessSettings from './locales/en-US/businessSettings.json';
import type enCampaignEditor from './locales/en-US/campaignEditor.json';
import type enCampaigns from './locales/en-US/campaigns.json';
import type enCommon from './locales/en-US/common.json';
import type enErrors from './locales/en-US/errors.json';
import type enExchanges from './locales/en-US/exchanges.json';
import type enFinance from './locales/en-US/finance.json';
import type enHome from './locales/en-US/home.json';
import type enMembers from './locales/en-US/members.json';
import type enMenu from './locales/en-US/menu.json';
import type enNotices from './locales/en-US/notices.json';
import type enOperatorReview from './locales/en-US/operatorReview.json';
import type enOverview from './locales/en-US/overview.json';
import type enPartners from './locales/en-US/partners.json';
import type enReports from './locales/en-US/reports.json';
import type enShell from './locales/en-US/shell.json';
import type enUserSettings from './locales/en-US/userSettings.json';
import type enValidation from './locales/en-US/validation.json';
import type enVerification from './locales/en-US/verification.json';

type MessagePrefix = 'errors' | 'validation' | 'tracking' | 'creative' | 'finance';
/** The domain's server messages (`errors.*`, `validation.*`) as the console namespace of the same name. */
export type MessagesOf<P extends MessagePrefix> = {
  [K in MessageKey as K extends `${P}.${infer Rest}` ? Rest : never]: string;
};

/**
 * The shape of every namespace, from the English files (types only: the strings themselves load on
 * demand, see `index.ts`). `errors` and `validation` also hold the domain's server messages.
 */
export interface Resources {
  common: typeof enCommon;
  menu: typeof enMenu;
  accounts: typeof enAccounts;
  'business-centers': typeof enBusinessCenters;
  shell: typeof enShell;
  notices: typeof enNotices;
  operatorReview: typeof enOperatorReview;
  members: typeof enMembers;
  partners: typeof enPartners;
  overview: typeof enOverview;
  advertisers: typeof enAdvertisers;
  assets: typeof enAssets;
  audiences: typeof enAudiences;
  businessSettings: typeof enBusinessSettings;
  campaigns: typeof enCampaigns;
  verification: typeof enVerification;
  userSettings: typeof enUserSettings;
  errors: MessagesOf<'errors'> & typeof enErrors;
  validation: MessagesOf<'validation'> & typeof enValidation;
  /** The domain's `tracking.*` messages only (no console file). */
  tracking: MessagesOf<'tracking'>;
  /** The domain's `creative.*` messages only (a material's broken limit, checked in the browser too). */
  creative: MessagesOf<'creative'>;
  campaignEditor: typeof enCampaignEditor;
  reports: typeof enReports;
  home: typeof enHome;
  /** The finance pages; also the domain's `finance.*` messages (an amount's rules, checked in the browser too). */
  finance: MessagesOf<'finance'> & typeof enFinance;
  /** The operator tool's exchanges tab. */
  exchanges: typeof enExchanges;
}

export type Namespace = keyof Resources;
export const NAMESPACES = [
  'common',
  'menu',
  'accounts',
  'business-centers',
  'shell',
  'notices',
  'operatorReview',
  'members',
  'partners',
  'overview',
  'advertisers',
  'assets',
  'audiences',
  'businessSettings',
  'campaigns',
  'verification',
  'userSettings',
  'errors',
  'validation',
  'tracking',
  'creative',
  'campaignEditor',
  'reports',
  'home',
  'finance',
  'exchanges',
] as const satisfies readonly Namespace[];

import { type Locale, MESSAGES, type MessageKey } from '@scaler/domain';
import enAccounts from './locales/en-US/accounts.json';
import enAdvertisers from './locales/en-US/advertisers.json';
import enAssets from './locales/en-US/assets.json';
import enBusinessCenters from './locales/en-US/business-centers.json';
import enBusinessSettings from './locales/en-US/businessSettings.json';
import enCommon from './locales/en-US/common.json';
import enErrors from './locales/en-US/errors.json';
import enMembers from './locales/en-US/members.json';
import enMenu from './locales/en-US/menu.json';
import enNotices from './locales/en-US/notices.json';
import enOperatorReview from './locales/en-US/operatorReview.json';
import enOverview from './locales/en-US/overview.json';
import enPartners from './locales/en-US/partners.json';
import enPlaceholders from './locales/en-US/placeholders.json';
import enShell from './locales/en-US/shell.json';
import enUserSettings from './locales/en-US/userSettings.json';
import enValidation from './locales/en-US/validation.json';
import enVerification from './locales/en-US/verification.json';
import zhAccounts from './locales/zh-CN/accounts.json';
import zhAdvertisers from './locales/zh-CN/advertisers.json';
import zhAssets from './locales/zh-CN/assets.json';
import zhBusinessCenters from './locales/zh-CN/business-centers.json';
import zhBusinessSettings from './locales/zh-CN/businessSettings.json';
import zhCommon from './locales/zh-CN/common.json';
import zhErrors from './locales/zh-CN/errors.json';
import zhMembers from './locales/zh-CN/members.json';
import zhMenu from './locales/zh-CN/menu.json';
import zhNotices from './locales/zh-CN/notices.json';
import zhOperatorReview from './locales/zh-CN/operatorReview.json';
import zhOverview from './locales/zh-CN/overview.json';
import zhPartners from './locales/zh-CN/partners.json';
import zhPlaceholders from './locales/zh-CN/placeholders.json';
import zhShell from './locales/zh-CN/shell.json';
import zhUserSettings from './locales/zh-CN/userSettings.json';
import zhValidation from './locales/zh-CN/validation.json';
import zhVerification from './locales/zh-CN/verification.json';

type MessagePrefix = 'errors' | 'validation';
type MessagesOf<P extends MessagePrefix> = {
  [K in MessageKey as K extends `${P}.${infer Rest}` ? Rest : never]: string;
};

/** The domain's server messages (`errors.*`, `validation.*`) become the console's namespaces of the same name. */
function fromMessages<P extends MessagePrefix>(locale: Locale, prefix: P): MessagesOf<P> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(MESSAGES[locale])) {
    if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = text;
  }
  return out as MessagesOf<P>;
}

export const resources = {
  'en-US': {
    common: enCommon,
    menu: enMenu,
    accounts: enAccounts,
    'business-centers': enBusinessCenters,
    shell: enShell,
    notices: enNotices,
    operatorReview: enOperatorReview,
    placeholders: enPlaceholders,
    members: enMembers,
    partners: enPartners,
    overview: enOverview,
    advertisers: enAdvertisers,
    assets: enAssets,
    businessSettings: enBusinessSettings,
    verification: enVerification,
    userSettings: enUserSettings,
    errors: { ...fromMessages('en-US', 'errors'), ...enErrors },
    validation: { ...fromMessages('en-US', 'validation'), ...enValidation },
  },
  'zh-CN': {
    common: zhCommon,
    menu: zhMenu,
    accounts: zhAccounts,
    'business-centers': zhBusinessCenters,
    shell: zhShell,
    notices: zhNotices,
    operatorReview: zhOperatorReview,
    placeholders: zhPlaceholders,
    members: zhMembers,
    partners: zhPartners,
    overview: zhOverview,
    advertisers: zhAdvertisers,
    assets: zhAssets,
    businessSettings: zhBusinessSettings,
    verification: zhVerification,
    userSettings: zhUserSettings,
    errors: { ...fromMessages('zh-CN', 'errors'), ...zhErrors },
    validation: { ...fromMessages('zh-CN', 'validation'), ...zhValidation },
  },
} satisfies Record<Locale, Record<string, unknown>>;

export type Namespace = keyof (typeof resources)['en-US'];
export const NAMESPACES = Object.keys(resources['en-US']) as Namespace[];

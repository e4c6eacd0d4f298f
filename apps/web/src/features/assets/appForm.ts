import {
  type AttributionPartner,
  DOWNLOAD_TYPE,
  type DownloadType,
  downloadLinkProblem,
  OS,
  type Os,
  parseStoreLink,
  type TAppDetail,
} from '@scaler/domain';

/** The app form (create and edit): the fields of `ZCreateAppRequest` without the events. */
export interface AppFormValues {
  name: string;
  icon: string | null;
  bundle_id: string;
  os: Os;
  download_type: DownloadType;
  download_link: string;
  partner: AttributionPartner;
  partner_app_id: string;
  partner_click_url: string;
  partner_impression_url: string;
}

export const APP_FORM_FIELDS = [
  'name',
  'icon',
  'bundle_id',
  'os',
  'download_type',
  'download_link',
  'partner',
  'partner_app_id',
  'partner_click_url',
  'partner_impression_url',
] as const satisfies readonly (keyof AppFormValues)[];

export const NEW_APP: AppFormValues = {
  name: '',
  icon: null,
  bundle_id: '',
  os: OS.iOS,
  download_type: DOWNLOAD_TYPE.appStore,
  download_link: '',
  partner: 'appsflyer',
  partner_app_id: '',
  partner_click_url: '',
  partner_impression_url: '',
};

export function toAppForm(app: TAppDetail): AppFormValues {
  return {
    name: app.name,
    icon: app.icon,
    bundle_id: app.bundle_id,
    os: app.os,
    download_type: app.download_type,
    download_link: app.download_link,
    partner: app.partner,
    partner_app_id: app.partner_app_id,
    partner_click_url: app.partner_click_url,
    partner_impression_url: app.partner_impression_url,
  };
}

/**
 * What a pasted store link tells about the app: its platform, that it is a store download, and for
 * Google Play the package name. Null when the text is not a store page.
 */
export function storeLinkPatch(link: string): Partial<AppFormValues> | null {
  const store = parseStoreLink(link.trim());
  if (!store) return null;
  return {
    os: store.os,
    download_type: DOWNLOAD_TYPE.appStore,
    ...(store.bundle_id ? { bundle_id: store.bundle_id } : {}),
  };
}

/** The download link's problem (a `validation.*` key) for the values as they are, or null. */
export function downloadLinkMessage(values: Partial<AppFormValues>): string | null {
  const link = (values.download_link ?? '').trim();
  if (link === '') return 'validation.download_link';
  if (values.os === undefined || values.download_type === undefined) return null;
  return downloadLinkProblem({
    os: values.os,
    download_type: values.download_type,
    download_link: link,
    bundle_id: (values.bundle_id ?? '').trim(),
  });
}

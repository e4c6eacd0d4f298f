import {
  CREATIVE_MATERIALS,
  type CreativeType,
  type MaterialRole,
  type TCreativeDetail,
  type TCreativeMaterial,
} from '@scaler/domain';

/** The creative form's values: the materials held by role, as uploaded (with their measured facts). */
export interface CreativeFormValues {
  name: string;
  creative_type: CreativeType;
  materials: Partial<Record<MaterialRole, TCreativeMaterial | null>>;
  html: string;
  title: string;
  description: string;
  call_to_action: string;
  click_url: string;
  impression_url: string;
}

export const CREATIVE_FIELDS = [
  'name',
  'creative_type',
  'materials',
  'html',
  'title',
  'description',
  'call_to_action',
  'click_url',
  'impression_url',
] as const;

export const NEW_CREATIVE: CreativeFormValues = {
  name: '',
  creative_type: 'image',
  materials: {},
  html: '',
  title: '',
  description: '',
  call_to_action: 'install',
  click_url: '',
  impression_url: '',
};

/** Signed tracking links the product made itself: an edit keeps them implicit (empty in the form). */
const isOwnTracking = (url: string) => /\/t\/(click|imp)\?/.test(url);

export function creativeValues(c: TCreativeDetail): CreativeFormValues {
  return {
    name: c.name,
    creative_type: c.creative_type,
    materials: Object.fromEntries(c.materials.map((m) => [m.role, m])),
    html: c.html ?? '',
    title: c.title,
    description: c.description,
    call_to_action: c.call_to_action,
    click_url: isOwnTracking(c.click_url) ? '' : c.click_url,
    impression_url: isOwnTracking(c.impression_url) ? '' : c.impression_url,
  };
}

/**
 * The body of `PUT /scaler/v3/creative`: only the materials and HTML the type uses; a missing material
 * is reported here with the server's message (`creative.materials_required`).
 */
export function toCreativeInput(
  v: CreativeFormValues,
  ids: { adgroupId: number; creativeId: number | null },
  submit: boolean,
): { body: Record<string, unknown>; missing: MaterialRole[] } {
  const spec = CREATIVE_MATERIALS[v.creative_type] ?? CREATIVE_MATERIALS.image;
  const materials = spec.materials
    .map((role) => v.materials?.[role])
    .filter((m): m is TCreativeMaterial => !!m)
    .map((m) => ({ role: m.role, file: m.file }));
  const missing = spec.materials.filter((role) => !v.materials?.[role]);
  return {
    missing,
    body: {
      ...(ids.creativeId === null ? {} : { creative_id: ids.creativeId }),
      adgroup_id: ids.adgroupId,
      name: v.name ?? '',
      creative_type: v.creative_type,
      materials,
      html: spec.html ? (v.html ?? '') : null,
      title: v.title ?? '',
      description: v.description ?? '',
      call_to_action: v.call_to_action,
      click_url: (v.click_url ?? '').trim(),
      impression_url: (v.impression_url ?? '').trim(),
      submit,
    },
  };
}

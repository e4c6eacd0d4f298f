import { PIXEL_CONVERSION_TYPES, PIXEL_MODES, ZCreatePixelRequest } from '@scaler/domain';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/zodRules';
import { translateKey } from '../../i18n';
import { EventListEditor } from './EventListEditor';
import { type PixelFormValues, standardEventsProblem } from './pixelForm';

/** Name, conversion type, mode and events of a pixel (create modal and the pixel page). */
export function PixelFormFields({
  disabled = false,
  modeFixed = false,
}: {
  disabled?: boolean;
  modeFixed?: boolean;
}) {
  const { t } = useTranslation('assets');
  const form = Form.useFormInstance<PixelFormValues>();
  const mode = Form.useWatch('mode', form);
  const standardRule = {
    validator: async () => {
      const values = form.getFieldsValue(true) as PixelFormValues;
      const problem = standardEventsProblem(values.conversion_type, values.events?.standard);
      if (problem) throw new Error(translateKey(problem));
    },
  };
  return (
    <>
      <Form.Item name="name" label={t('pixel.name')} rules={[zodRule(ZCreatePixelRequest, 'name')]}>
        <Input maxLength={64} disabled={disabled} />
      </Form.Item>
      <Form.Item name="conversion_type" label={t('pixel.conversion_type')}>
        <Select
          disabled={disabled}
          options={PIXEL_CONVERSION_TYPES.map((c) => ({ value: c, label: t(`conversion_type.${c}`) }))}
          onChange={() => form.validateFields([['events', 'standard']]).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('pixel.mode')} extra={t(`mode_help.${mode ?? 1}`)}>
        <Radio.Group
          disabled={disabled || modeFixed}
          optionType="button"
          options={PIXEL_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        />
      </Form.Item>
      <EventListEditor kind="web" disabled={disabled} standardRules={[standardRule]} />
    </>
  );
}

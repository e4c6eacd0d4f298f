import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOM_EVENT_TYPE } from '@scaler/domain';
import { Alert, Button, Flex, Form, type FormRule, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n';
import { type CustomEventValue, customEventIdProblem, emptyCustomEvent } from './eventForm';
import { type StandardEventKind, useStandardEvents } from './standardEvents';

/** An app or pixel has at most 50 events (the domain schema's limit). */
const MAX_EVENTS = 50;

/**
 * The events editor inside an antd form, at `events` (`{ standard, custom }`): standard events picked
 * from the cached standard list, custom events with an event id checked as the server checks it.
 */
export function EventListEditor({
  kind,
  disabled = false,
  standardRules = [],
}: {
  kind: StandardEventKind;
  disabled?: boolean;
  standardRules?: FormRule[];
}) {
  const { t } = useTranslation(['assets', 'common']);
  const form = Form.useFormInstance();
  const standard = useStandardEvents(kind);
  const options = (standard.data ?? []).map((e) => ({ value: e.event_type, label: e.event_name }));
  const selected: string[] = Form.useWatch(['events', 'standard'], form) ?? [];
  const custom: CustomEventValue[] = Form.useWatch(['events', 'custom'], form) ?? [];
  const full = selected.length + custom.length >= MAX_EVENTS;

  const idRule = (index: number): FormRule => ({
    validator: async (_, value: string | undefined) => {
      const all: (CustomEventValue | undefined)[] = form.getFieldValue(['events', 'custom']) ?? [];
      const others = all.filter((_, i) => i !== index).map((c) => c?.event_id ?? '');
      const problem = customEventIdProblem(value ?? '', others);
      if (problem) throw new Error(translateKey(problem));
    },
  });
  const nameRules: FormRule[] = [
    { required: true, whitespace: true, message: translateKey('validation.required') },
    { max: 64, message: translateKey('validation.too_long') },
  ];

  return (
    <>
      <Form.Item
        name={['events', 'standard']}
        label={t('events.standard')}
        rules={standardRules}
        extra={kind === 'web' ? t('events.standard_help_web') : t('events.standard_help_app')}
      >
        <Select
          mode="multiple"
          allowClear
          disabled={disabled}
          loading={standard.isPending}
          options={options}
          optionFilterProp="label"
          placeholder={t('events.standard_placeholder')}
          aria-label={t('events.standard')}
        />
      </Form.Item>
      {standard.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('events.standard_failed')}
          action={
            <Button size="small" onClick={() => standard.refetch()}>
              {t('common:retry')}
            </Button>
          }
        />
      )}
      <Form.List name={['events', 'custom']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginBottom: 16 }}>
            <Typography.Text>{t('events.custom')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('events.custom_help')}
            </Typography.Text>
            {fields.map((field) => {
              const n = field.name + 1;
              return (
                <Flex key={field.key} gap={8} align="flex-start" wrap>
                  <Form.Item
                    name={[field.name, 'event_id']}
                    rules={[idRule(field.name)]}
                    style={{ flex: '1 1 160px', marginBottom: 0 }}
                  >
                    <Input
                      placeholder={t('events.custom_id')}
                      aria-label={t('events.custom_id_n', { n })}
                      maxLength={64}
                      disabled={disabled}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'event_name']}
                    rules={nameRules}
                    style={{ flex: '1 1 160px', marginBottom: 0 }}
                  >
                    <Input
                      placeholder={t('events.custom_name')}
                      aria-label={t('events.custom_name_n', { n })}
                      maxLength={64}
                      disabled={disabled}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'event_type']} style={{ flex: '0 1 180px', marginBottom: 0 }}>
                    <Select
                      aria-label={t('events.custom_type_n', { n })}
                      disabled={disabled}
                      options={[{ value: CUSTOM_EVENT_TYPE, label: t('events.type_custom') }, ...options]}
                    />
                  </Form.Item>
                  {!disabled && (
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('events.remove_custom_n', { n })}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Flex>
              );
            })}
            {!disabled && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={full}
                onClick={() => add(emptyCustomEvent())}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('events.add_custom')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </>
  );
}

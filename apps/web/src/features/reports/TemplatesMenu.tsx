import { DeleteOutlined, SaveOutlined, SnippetsOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../components/feedback';
import { useDeleteTemplate, useReportTemplates, useSaveTemplate } from './api';

/** The report's query without the center and account (a template opens in whichever account is current). */
export function templateQuery(search: string): string {
  const p = new URLSearchParams(search);
  p.delete('org');
  p.delete('adv');
  return p.toString();
}

/**
 * The user's saved reports of this page: open one (its state replaces the URL's, the center and account
 * stay), delete one, or save the report on screen under a name.
 */
export function TemplatesMenu({
  page,
  search,
}: {
  page: '/report/index' | '/report/hourly';
  search: string;
}) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const templates = useReportTemplates(page);
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [naming, setNaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = (query: string) => {
    const keep = new URLSearchParams(search);
    const next = new URLSearchParams(query);
    for (const key of ['org', 'adv']) {
      const v = keep.get(key);
      if (v) next.set(key, v);
    }
    navigate(`${page}?${next.toString()}`);
  };
  const submit = async () => {
    if (naming === null) return;
    setError(null);
    try {
      const saved = await save.mutateAsync({ page, name: naming, query: templateQuery(search) });
      message.success(t('templates.saved', { name: saved.name }));
      setNaming(null);
    } catch (e) {
      const fields =
        e instanceof ApiError ? (e.data as { fields?: { message: string }[] } | null)?.fields : null;
      setError(fields?.[0]?.message ?? (e instanceof Error ? e.message : String(e)));
    }
  };
  const list = templates.data ?? [];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...list.map((tpl) => ({
              key: String(tpl.id),
              label: (
                <Flex justify="space-between" align="center" gap={16}>
                  <span>{tpl.name}</span>
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('templates.delete', { name: tpl.name })}
                    onClick={(e) => {
                      e.stopPropagation();
                      modal.confirm({
                        title: t('templates.delete_confirm', { name: tpl.name }),
                        okButtonProps: { danger: true },
                        okText: t('templates.delete_ok'),
                        cancelText: t('templates.cancel'),
                        onOk: () => remove.mutateAsync(tpl.id),
                      });
                    }}
                  />
                </Flex>
              ),
              onClick: () => open(tpl.query),
            })),
            ...(list.length > 0 ? [{ type: 'divider' as const }] : []),
            {
              key: 'save',
              icon: <SaveOutlined />,
              label: t('templates.save'),
              onClick: () => {
                setError(null);
                setNaming('');
              },
            },
          ],
        }}
      >
        <Button icon={<SnippetsOutlined />}>{t('templates.button')}</Button>
      </Dropdown>
      <Modal
        open={naming !== null}
        title={t('templates.save_title')}
        okText={t('templates.save_ok')}
        cancelText={t('templates.cancel')}
        onOk={() => void submit()}
        okButtonProps={{ disabled: !naming?.trim() }}
        confirmLoading={save.isPending}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Input
            autoFocus
            aria-label={t('templates.name')}
            placeholder={t('templates.name')}
            maxLength={60}
            value={naming ?? ''}
            onChange={(e) => setNaming(e.target.value)}
            onPressEnter={() => void submit()}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Flex>
      </Modal>
    </>
  );
}

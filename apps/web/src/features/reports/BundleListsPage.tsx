import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  advCan,
  parsePublisherList,
  type TAdGroupBundleList,
  type TBundleListDetail,
  type TBundleListSummary,
} from '@scaler/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../api/client';
import { useInvalidate } from '../../api/invalidation';
import { useHeadersKey } from '../../api/queryKeys';
import { ErrorState } from '../../components/ErrorState';
import { useFeedback } from '../../components/feedback';
import { downloadFile } from '../../lib/csv';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { PublisherListField } from '../campaign-editor/PublisherListField';
import { AdGroupListPicker, useAdGroupBundleLists, useListSummary } from './AdGroupListPicker';
import { reportKeys } from './api';
import { addedMessage } from './listKinds';

const PAGE_SIZE = 20;
const fieldMessage = (e: unknown) =>
  (e instanceof ApiError
    ? (e.data as { fields?: { message: string }[] } | null)?.fields?.[0]?.message
    : null) ?? (e instanceof Error ? e.message : String(e));

/**
 * `/report/bundle/manage` (hidden from the menu): the account's named publisher lists: create, edit,
 * import from a file, export, delete, and apply one to ad groups as an allow or block list; each list
 * shows where it was applied. Paged and searched by the server.
 */
export function BundleListsPage() {
  const { t } = useTranslation('reports');
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const ctx = useConsoleContext();
  const { adv } = ctx;
  const account = ctx.orgAdvs.find((a) => a.adv_id === adv);
  const canEdit = account
    ? advCan({ advRole: account.adv_role, advStatus: account.status }, 'ads.edit')
    : false;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TBundleListDetail | 'new' | null>(null);
  const [applying, setApplying] = useState<TBundleListSummary | null>(null);
  const lists = useQuery({
    queryKey: useHeadersKey([...reportKeys.all, adv, 'bundle-lists', q, page] as const),
    queryFn: () =>
      request<{ list: TBundleListSummary[]; total: number }>('/scaler/v3/bundle/lists', {
        query: { q, page, page_size: PAGE_SIZE },
      }),
    enabled: adv !== null,
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: [...reportKeys.all, adv, 'bundle-lists'] });
  const detail = (id: number) =>
    request<TBundleListDetail>('/scaler/v3/bundle/list', { query: { list_id: id } });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('lists.title')}
        </Typography.Title>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('lists.new')}
          </Button>
        )}
      </Flex>
      <Alert type="info" showIcon title={t('lists.kinds')} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('lists.saved_title')}
      </Typography.Title>
      <Input.Search
        allowClear
        aria-label={t('lists.search')}
        placeholder={t('lists.search')}
        style={{ width: 260 }}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
      />
      {lists.isError && !lists.data ? (
        <ErrorState message={t('load_error')} onRetry={() => void lists.refetch()} />
      ) : (
        <Table<TBundleListSummary>
          size="small"
          rowKey="list_id"
          loading={lists.isFetching}
          dataSource={lists.data?.list ?? []}
          locale={{ emptyText: t('lists.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: lists.data?.total ?? 0,
            onChange: setPage,
          }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('lists.name') },
            { key: 'count', dataIndex: 'count', title: t('lists.count'), align: 'right', width: 110 },
            {
              key: 'used',
              title: t('lists.used_by'),
              render: (_: unknown, l) =>
                l.used_by.length === 0 ? (
                  <Typography.Text type="secondary">{t('lists.unused')}</Typography.Text>
                ) : (
                  <Flex gap={4} wrap>
                    {l.used_by.map((g) => (
                      <Tag key={g.adgroup_id} color={g.mode === 2 ? 'red' : 'green'}>
                        {g.name} · {t(g.mode === 2 ? 'lists.block' : 'lists.allow')}
                      </Tag>
                    ))}
                  </Flex>
                ),
            },
            {
              key: 'updated',
              dataIndex: 'updated_at',
              title: t('lists.updated'),
              width: 170,
              render: (v: string) => v.replace('T', ' ').slice(0, 16),
            },
            {
              key: 'actions',
              title: t('lists.actions'),
              width: 330,
              render: (_: unknown, l) => (
                <Space wrap>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={t('lists.export_named', { name: l.name })}
                    onClick={async () => {
                      const d = await detail(l.list_id);
                      downloadFile(
                        `${l.name}.txt`,
                        new Blob([`${d.items.join('\n')}\n`], { type: 'text/plain' }),
                      );
                    }}
                  >
                    {t('lists.export')}
                  </Button>
                  {canEdit && (
                    <>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('lists.edit_named', { name: l.name })}
                        onClick={async () => setEditing(await detail(l.list_id))}
                      >
                        {t('lists.edit')}
                      </Button>
                      <Button
                        size="small"
                        icon={<SendOutlined />}
                        aria-label={t('lists.apply_named', { name: l.name })}
                        onClick={() => setApplying(l)}
                      >
                        {t('lists.apply')}
                      </Button>
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('lists.delete_named', { name: l.name })}
                        onClick={() =>
                          modal.confirm({
                            title: t('lists.delete_confirm', { name: l.name }),
                            content: t('lists.delete_text'),
                            okButtonProps: { danger: true },
                            okText: t('lists.delete'),
                            cancelText: t('templates.cancel'),
                            onOk: async () => {
                              await request('/scaler/v3/bundle/list', {
                                method: 'DELETE',
                                body: { list_id: l.list_id },
                              });
                              message.success(t('lists.deleted', { name: l.name }));
                              await refresh();
                            },
                          })
                        }
                      />
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <OwnLists />
      {editing !== null && (
        <ListModal
          list={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      )}
      {applying && (
        <ApplyModal
          list={applying}
          onClose={(done) => {
            setApplying(null);
            if (done) void refresh();
          }}
        />
      )}
    </Flex>
  );
}

function ListModal({ list, onClose }: { list: TBundleListDetail | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('reports');
  const { message, modal } = useFeedback();
  const [name, setName] = useState(list?.name ?? '');
  const [items, setItems] = useState(list?.items.join('\n') ?? '');
  const [error, setError] = useState<{ field: 'name' | 'items' | null; text: string } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (confirm: boolean) =>
      request<TBundleListDetail>('/scaler/v3/bundle/list', {
        method: 'PUT',
        body: { ...(list ? { list_id: list.list_id } : {}), name, items, confirm_duplicates: confirm },
        silent: true,
      }),
  });
  const submit = async (confirm: boolean) => {
    setError(null);
    const parsed = parsePublisherList(items);
    if (!confirm && parsed.duplicates.length > 0 && parsed.invalid.length === 0) {
      // Spec 5: "duplicates exist, please confirm": kept once when the user confirms.
      modal.confirm({
        title: t('lists.duplicates_title'),
        content: t('lists.duplicates_text', { list: parsed.duplicates.slice(0, 10).join(', ') }),
        okText: t('lists.duplicates_ok'),
        cancelText: t('templates.cancel'),
        onOk: () => submit(true),
      });
      return;
    }
    try {
      const saved = await save.mutateAsync(confirm);
      message.success(t('lists.saved', { name: saved.name, count: saved.count }));
      onClose(true);
    } catch (e) {
      const path =
        e instanceof ApiError ? (e.data as { fields?: { path: string }[] } | null)?.fields?.[0]?.path : null;
      setError({ field: path === 'name' || path === 'items' ? path : null, text: fieldMessage(e) });
    }
  };
  return (
    <Modal
      open
      width={640}
      title={list ? t('lists.edit_title', { name: list.name }) : t('lists.new_title')}
      okText={t('lists.save')}
      cancelText={t('templates.cancel')}
      onOk={() => void submit(false)}
      okButtonProps={{ disabled: !name.trim() || !items.trim() }}
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('lists.name')}
          validateStatus={error?.field === 'name' ? 'error' : undefined}
          help={error?.field === 'name' ? error.text : undefined}
        >
          <Input
            aria-label={t('lists.name')}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={t('lists.items')}
          validateStatus={error?.field === 'items' ? 'error' : undefined}
          help={error?.field === 'items' ? error.text : undefined}
          extra={
            <>
              <input
                ref={file}
                type="file"
                accept=".txt,.csv,text/plain,text/csv"
                style={{ display: 'none' }}
                data-testid="list-file"
                onChange={async (e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (!f) return;
                  const text = await f.text();
                  setItems((prev) => (prev.trim() ? `${prev.trim()}\n${text}` : text));
                }}
              />
              <Button
                size="small"
                icon={<UploadOutlined />}
                onClick={() => file.current?.click()}
                style={{ marginTop: 8 }}
              >
                {t('lists.import')}
              </Button>
            </>
          }
        >
          <PublisherListField value={items} onChange={setItems} />
        </Form.Item>
        {error && error.field === null && <Alert type="error" showIcon title={error.text} />}
      </Form>
    </Modal>
  );
}

function ApplyModal({ list, onClose }: { list: TBundleListSummary; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('reports');
  const { message } = useFeedback();
  const [groups, setGroups] = useState<number[]>([]);
  const [mode, setMode] = useState<1 | 2>(2);
  const [error, setError] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: () =>
      request<{ updated: number; added: number }>('/scaler/v3/bundle/list/apply', {
        method: 'POST',
        body: { list_id: list.list_id, adgroup_ids: groups, mode },
        silent: true,
      }),
    onSuccess: useInvalidate('campaign.change'),
  });
  return (
    <Modal
      open
      title={t('lists.apply_title', { name: list.name })}
      okText={t('bundle.apply')}
      cancelText={t('templates.cancel')}
      okButtonProps={{ disabled: groups.length === 0 }}
      confirmLoading={apply.isPending}
      onCancel={() => onClose(false)}
      onOk={async () => {
        setError(null);
        try {
          const res = await apply.mutateAsync();
          message.success(addedMessage(t, res));
          onClose(true);
        } catch (e) {
          setError(fieldMessage(e));
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('lists.as')}>
          <Radio.Group
            optionType="button"
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { value: 2, label: t('lists.block') },
              { value: 1, label: t('lists.allow') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('bundle.adgroups')}>
          <AdGroupListPicker mode={mode} value={groups} onChange={setGroups} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}

/** Each ad group's own list, the one "Add to block list" in the bundle report adds to. */
function OwnLists() {
  const { t } = useTranslation('reports');
  const lists = useAdGroupBundleLists();
  const summary = useListSummary();
  return (
    <section aria-label={t('lists.own_title')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('lists.own_title')}
      </Typography.Title>
      <Table<TAdGroupBundleList>
        size="small"
        rowKey="adgroup_id"
        loading={lists.isLoading}
        dataSource={lists.data ?? []}
        pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true }}
        columns={[
          {
            key: 'adgroup',
            title: t('lists.own_adgroup'),
            render: (_: unknown, g) => `${g.name} (${g.adgroup_id})`,
          },
          { key: 'campaign', dataIndex: 'campaign_name', title: t('lists.own_campaign') },
          {
            key: 'list',
            title: t('lists.own_list'),
            render: (_: unknown, g) =>
              g.bundle_mode === 0 ? (
                <Typography.Text type="secondary">{summary(g)}</Typography.Text>
              ) : (
                <Tag color={g.bundle_mode === 2 ? 'red' : 'green'}>{summary(g)}</Tag>
              ),
          },
        ]}
      />
    </section>
  );
}

import { EditOutlined } from '@ant-design/icons';
import type { TAppDetail } from '@scaler/domain';
import { Button, Card } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnceOpened } from '../../components/OnceOpened';
import { AssetEventsTable } from './AssetEventsTable';

// The editor (a dialog with a form) loads when first opened.
const AppEventsModal = lazy(() => import('./AppEventsModal').then((m) => ({ default: m.AppEventsModal })));

/** The app's events with their recording status; operators and admins edit the list in a dialog. */
export function AppEventsCard({ app, canEdit }: { app: TAppDetail; canEdit: boolean }) {
  const { t } = useTranslation('assets');
  const [editing, setEditing] = useState(false);

  return (
    <Card
      title={t('events.title', { count: app.events.length })}
      extra={
        canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('events.edit')}
          </Button>
        )
      }
    >
      <AssetEventsTable kind="app" events={app.events} />
      <OnceOpened open={editing}>
        <AppEventsModal app={app} open={editing} onClose={() => setEditing(false)} />
      </OnceOpened>
    </Card>
  );
}

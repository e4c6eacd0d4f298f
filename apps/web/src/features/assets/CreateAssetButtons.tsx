import { ApiOutlined, AppstoreAddOutlined, CodeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { CreateAppModal } from './CreateAppModal';
import { CreatePixelModal } from './CreatePixelModal';
import { assetPaths, type CardsKind } from './paths';
import { TokenModal } from './TokenModal';

/**
 * The create buttons of the assets pages and their flows: a new app or pixel opens its page; a new API
 * source shows its token once, then opens its page.
 */
export function CreateAssetButtons({ kinds }: { kinds: readonly CardsKind[] }) {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const { org, adv } = useConsoleContext();
  const [creating, setCreating] = useState<CardsKind | null>(null);
  const [issued, setIssued] = useState<{ token: string; pixelId: string } | null>(null);
  const primary = kinds.length === 1;

  return (
    <>
      {kinds.includes('app') && (
        <Button
          type={primary ? 'primary' : 'default'}
          icon={<AppstoreAddOutlined />}
          onClick={() => setCreating('app')}
        >
          {t('app.create')}
        </Button>
      )}
      {kinds.includes('pixel') && (
        <Button
          type={primary ? 'primary' : 'default'}
          icon={<CodeOutlined />}
          onClick={() => setCreating('pixel')}
        >
          {t('pixel.create')}
        </Button>
      )}
      {kinds.includes('api') && (
        <Button
          type={primary ? 'primary' : 'default'}
          icon={<ApiOutlined />}
          onClick={() => setCreating('api')}
        >
          {t('api.create')}
        </Button>
      )}
      <CreateAppModal
        open={creating === 'app'}
        onClose={() => setCreating(null)}
        onCreated={(app) => {
          setCreating(null);
          navigate(assetPaths.detail('app', app._id, org, adv));
        }}
      />
      <CreatePixelModal
        mode={creating === 'pixel' ? 1 : creating === 'api' ? 2 : null}
        onClose={() => setCreating(null)}
        onCreated={(pixel) => {
          setCreating(null);
          if (pixel.token) setIssued({ token: pixel.token, pixelId: pixel._id });
          else navigate(assetPaths.detail(pixel.mode === 2 ? 'api' : 'pixel', pixel._id, org, adv));
        }}
      />
      <TokenModal
        token={issued?.token ?? null}
        onClose={() => {
          if (issued) navigate(assetPaths.detail('api', issued.pixelId, org, adv));
          setIssued(null);
        }}
      />
    </>
  );
}

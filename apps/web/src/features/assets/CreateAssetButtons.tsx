import { ApiOutlined, AppstoreAddOutlined, CodeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { createContext, lazy, type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OnceOpened } from '../../components/OnceOpened';
import { useConsoleContext } from '../accounts/useConsoleContext';
import { assetPaths, type CardsKind } from './paths';

// Dialogs load when first opened.
const CreateAppModal = lazy(() => import('./CreateAppModal').then((m) => ({ default: m.CreateAppModal })));
const CreatePixelModal = lazy(() =>
  import('./CreatePixelModal').then((m) => ({ default: m.CreatePixelModal })),
);
const TokenModal = lazy(() => import('./TokenModal').then((m) => ({ default: m.TokenModal })));

const OpenCreate = createContext<((kind: CardsKind) => void) | null>(null);

/**
 * The create flows of an assets page, held at page level: a new app or pixel opens its page; a new API
 * source shows its token once, then opens its page. The buttons may sit in an empty state that the new
 * asset replaces, so the modals and the one-time token must not live inside them.
 */
export function CreateAssetsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { org, adv } = useConsoleContext();
  const [creating, setCreating] = useState<CardsKind | null>(null);
  const [issued, setIssued] = useState<{ token: string; pixelId: string } | null>(null);
  return (
    <OpenCreate.Provider value={setCreating}>
      {children}
      <OnceOpened open={creating === 'app'}>
        <CreateAppModal
          open={creating === 'app'}
          onClose={() => setCreating(null)}
          onCreated={(app) => {
            setCreating(null);
            navigate(assetPaths.detail('app', app._id, org, adv));
          }}
        />
      </OnceOpened>
      <OnceOpened open={creating === 'pixel' || creating === 'api'}>
        <CreatePixelModal
          mode={creating === 'pixel' ? 1 : creating === 'api' ? 2 : null}
          onClose={() => setCreating(null)}
          onCreated={(pixel) => {
            setCreating(null);
            if (pixel.token) setIssued({ token: pixel.token, pixelId: pixel._id });
            else navigate(assetPaths.detail(pixel.mode === 2 ? 'api' : 'pixel', pixel._id, org, adv));
          }}
        />
      </OnceOpened>
      <OnceOpened open={issued !== null}>
        <TokenModal
          token={issued?.token ?? null}
          onClose={() => {
            if (issued) navigate(assetPaths.detail('api', issued.pixelId, org, adv));
            setIssued(null);
          }}
        />
      </OnceOpened>
    </OpenCreate.Provider>
  );
}

/** The create buttons; they open the flows of the page's `CreateAssetsProvider`. */
export function CreateAssetButtons({ kinds }: { kinds: readonly CardsKind[] }) {
  const { t } = useTranslation('assets');
  const open = useContext(OpenCreate);
  if (!open) throw new Error('CreateAssetButtons must be inside a CreateAssetsProvider');
  const primary = kinds.length === 1;
  const button = (kind: CardsKind, icon: ReactNode, label: string) =>
    kinds.includes(kind) && (
      <Button type={primary ? 'primary' : 'default'} icon={icon} onClick={() => open(kind)}>
        {label}
      </Button>
    );
  return (
    <>
      {button('app', <AppstoreAddOutlined />, t('app.create'))}
      {button('pixel', <CodeOutlined />, t('pixel.create'))}
      {button('api', <ApiOutlined />, t('api.create'))}
    </>
  );
}

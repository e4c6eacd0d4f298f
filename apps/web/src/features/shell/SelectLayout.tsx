import { Layout } from 'antd';
import { NoticePopover } from '../notices/NoticePopover';
import { GuardedOutlet } from './GuardedOutlet';
import { HeaderBar } from './HeaderBar';
import { HeaderUserArea } from './HeaderUserArea';
import { SwitcherMenu } from './SwitcherMenu';

/** /select, /select/business and /create-bc: no side menu, no center selected yet. */
export function SelectLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <HeaderBar
        right={
          <>
            <NoticePopover />
            <SwitcherMenu />
            <HeaderUserArea />
          </>
        }
      />
      <Layout.Content>
        <GuardedOutlet />
      </Layout.Content>
    </Layout>
  );
}

import { menusFor } from '@scaler/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { SIDE_MENU_COLLAPSED_KEY } from '../../lib/preferences';
import { SideMenu } from './SideMenu';

const menus = menusFor({ orgRole: 'org_admin', orgType: 1, orgStatus: 1 });

function siderWidth(): string {
  return (document.querySelector('.ant-layout-sider') as HTMLElement).style.width;
}

describe('SideMenu', () => {
  test('is 220 wide, 48 when collapsed, and remembers the state', () => {
    const { unmount } = render(
      <SideMenu items={menus.manage} area="manage" selectedPath="/manage/overview" onNavigate={() => {}} />,
    );
    expect(siderWidth()).toBe('220px');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(siderWidth()).toBe('48px');
    expect(localStorage.getItem(SIDE_MENU_COLLAPSED_KEY)).toBe('1');
    unmount();
    render(
      <SideMenu items={menus.manage} area="manage" selectedPath="/manage/overview" onNavigate={() => {}} />,
    );
    expect(siderWidth()).toBe('48px');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeTruthy();
  });

  test('clicking an entry navigates to its path', () => {
    const onNavigate = vi.fn();
    render(
      <SideMenu items={menus.manage} area="manage" selectedPath="/manage/overview" onNavigate={onNavigate} />,
    );
    fireEvent.click(screen.getByText('Members'));
    expect(onNavigate).toHaveBeenCalledWith('/manage/members');
  });
});

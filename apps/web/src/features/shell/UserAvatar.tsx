import { Avatar } from 'antd';
import { avatarUrl } from '../../lib/avatar';

/** The user's avatar, or the first letter of the e-mail. */
export function UserAvatar({ src, email, size = 32 }: { src: string | null; email: string; size?: number }) {
  if (src) return <Avatar size={size} src={avatarUrl(src, 'member')} alt="" />;
  return (
    <Avatar size={size} style={{ background: 'var(--ant-color-primary)' }}>
      {email.charAt(0).toUpperCase()}
    </Avatar>
  );
}

import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/** A real button that navigates inside the console (keyboard and screen readers see one control). */
export function LinkButton({ to, ...props }: ButtonProps & { to: string }) {
  const navigate = useNavigate();
  return <Button {...props} onClick={() => navigate(to)} />;
}

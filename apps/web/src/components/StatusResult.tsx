import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  WarningFilled,
} from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';

type Status = 'success' | 'error' | 'info' | 'warning';

const ICONS: Record<Status, ReactNode> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  info: <ExclamationCircleFilled />,
  warning: <WarningFilled />,
};

/**
 * An outcome (done, failed, waiting) laid out as antd's Result with a status icon (styles.css,
 * `.status-result`), without antd's Result module: that carries the 403, 404 and 500 illustrations
 * into every page that shows an outcome. The 403 and 404 pages keep antd's Result, illustrations and all.
 */
export function StatusResult({
  status = 'info',
  icon,
  title,
  subTitle,
  extra,
  children,
  style,
}: {
  status?: Status;
  style?: CSSProperties;
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`status-result status-result-${status}`} style={style}>
      <div className="status-result-icon">{icon ?? ICONS[status]}</div>
      <div className="status-result-title">{title}</div>
      {subTitle && <div className="status-result-subtitle">{subTitle}</div>}
      {extra && <div className="status-result-extra">{extra}</div>}
      {children && <div className="status-result-body">{children}</div>}
    </div>
  );
}

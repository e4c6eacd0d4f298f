import { Navigate, useLocation } from 'react-router';

/** `/manage` → `/manage/overview` and the like, keeping `?org=&adv=`. */
export function RedirectKeepQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

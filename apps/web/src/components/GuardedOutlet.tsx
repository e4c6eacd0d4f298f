import { createContext, useContext } from 'react';
import { Outlet } from 'react-router';
import { Forbidden } from './Forbidden';

/** Set by the router guard when the user's menus do not grant the page: layouts then show 403 in place. */
export const ForbiddenContext = createContext(false);

export function GuardedOutlet() {
  return useContext(ForbiddenContext) ? <Forbidden /> : <Outlet />;
}

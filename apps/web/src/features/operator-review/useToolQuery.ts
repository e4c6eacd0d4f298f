import { useLocation, useNavigate } from 'react-router';
import { readToolQuery, type ToolQueryPatch, writeToolQuery } from './toolQuery';

/** The tool's URL state and a setter that keeps the rest of the query. */
export function useToolQuery() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = readToolQuery(search);
  const update = (patch: ToolQueryPatch, replace = false) =>
    navigate(`${pathname}${writeToolQuery(search, patch)}`, { replace });
  return { query, update };
}

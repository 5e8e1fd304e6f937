import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The token of an emailed link (`?token=…`), taken out of the address at once and kept only in the screen's state:
 * an address with it would stay in the history, be synced to other devices and be seen over a shoulder.
 */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token')?.trim() ?? '');

  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    const search = rest.toString();
    // The router replaces the history entry itself (history.replaceState), and its location stays in step.
    navigate({ pathname, search: search ? `?${search}` : '', hash }, { replace: true });
  }, [params, pathname, hash, navigate]);

  return token;
}

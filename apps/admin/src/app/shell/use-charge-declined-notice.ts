import { BILLING_MESSAGES, CHARGE_DECLINED_QUERY } from '@popstage/core/billing';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHost } from '../host/HostContext';

const [PARAM, VALUE] = CHARGE_DECLINED_QUERY.split('=') as [string, string];

/**
 * The billing return sends a declined charge back with ?charge=declined: say once that nothing
 * was charged, and drop the query so a reload does not say it again.
 */
export function useChargeDeclinedNotice(): void {
  const host = useHost();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const told = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (told.current || params.get(PARAM) !== VALUE) return;
    told.current = true;
    host.showToast(BILLING_MESSAGES.chargeDeclined);
    params.delete(PARAM);
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  }, [host, navigate, pathname, search]);
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notice } from '../../components/notice/notice-store';
import { suspensionMessage } from '../../components/suspension/suspension-text';

/**
 * Shows the `authError` a failed Discord login or link put in the URL (with a suspended account's reason
 * and end), once, and takes it out of the address so a reload or a shared link does not show it again.
 * The shell mounts it for every page.
 */
export function useAuthErrorNotice(): void {
  const [params, setParams] = useSearchParams();
  const authError = params.get('authError');
  // A suspended account's refusal names its reason and end (empty: permanent).
  const suspendedReason = params.get('suspendedReason');
  const suspendedUntil = params.get('suspendedUntil');
  useEffect(() => {
    if (!authError) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['authError', 'suspendedReason', 'suspendedUntil']) next.delete(key);
        return next;
      },
      { replace: true },
    );
    if (suspendedReason === null) void notice.error(authError, 'Discord');
    else void notice.error(suspensionMessage(suspendedReason, suspendedUntil || null), 'Account suspended');
  }, [authError, suspendedReason, suspendedUntil, setParams]);
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notice } from '../../components/notice/notice-store';

/**
 * Shows the `authError` a failed Discord login or link put in the URL, once, and takes it out of the
 * address so a reload or a shared link does not show it again. The shell mounts it for every page.
 */
export function useAuthErrorNotice(): void {
  const [params, setParams] = useSearchParams();
  const authError = params.get('authError');
  useEffect(() => {
    if (!authError) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('authError');
        return next;
      },
      { replace: true },
    );
    void notice.error(authError, 'Discord');
  }, [authError, setParams]);
}

import { Navigate, useSearchParams } from 'react-router-dom';

/** /myprofile/trades (where trade notifications lead) is My Profile's My Trades tab; `?trade=` is kept. */
export function Component() {
  const [params] = useSearchParams();
  const trade = params.get('trade');
  return (
    <Navigate to={`/myprofile?tab=trades${trade ? `&trade=${encodeURIComponent(trade)}` : ''}`} replace />
  );
}

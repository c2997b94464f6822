import { trustLine } from '../../lib/reputation-format';
import { useReputation } from './use-reputation';
import './reputation.css';

/**
 * The listing owner's compact trust line on a listing's page ("Seller's record: 31 trades · answers 94%
 * · usually within 12 min"); nothing when their stats are private.
 */
export function TrustLine({ userId, owner }: { userId: number; owner: 'Seller' | 'Buyer' }) {
  const reputation = useReputation(userId);
  if (!reputation) return null;
  return (
    <p className="trust-line">
      <span className="trust-line-label">{owner}&apos;s record: </span>
      {trustLine(reputation)}
    </p>
  );
}

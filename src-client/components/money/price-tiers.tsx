import { splitCopper, type Denominations } from '../../../src-common/money';
import './money.css';

const TIERS: ReadonlyArray<{ key: keyof Denominations; suffix: string; name: string }> = [
  { key: 'platinum', suffix: 'p', name: 'platinum' },
  { key: 'gold', suffix: 'g', name: 'gold' },
  { key: 'silver', suffix: 's', name: 'silver' },
  { key: 'copper', suffix: 'c', name: 'copper' },
];

/** The words a screen reader hears for an amount: "1 platinum 250 gold". */
export function priceInWords(copper: number): string {
  const parts = splitCopper(copper);
  const words = TIERS.filter((t) => parts[t.key] > 0).map(
    (t) => `${parts[t.key].toLocaleString('en-US')} ${t.name}`,
  );
  return words.join(' ') || '0 copper';
}

/** An amount in coloured tiers (zero tiers left out; nothing at all reads "0c"). */
export function PriceTiers({ copper }: { copper: number }) {
  const parts = splitCopper(copper);
  const shown = TIERS.filter((t) => parts[t.key] > 0);
  return (
    <span className="price-tiers" title={priceInWords(copper)}>
      <span className="visually-hidden">{priceInWords(copper)}</span>
      <span className="price-tier-chips" aria-hidden="true">
        {(shown.length ? shown : TIERS.slice(3)).map((t) => (
          <span key={t.key} className={`price-tier tier-${t.key}`}>
            {parts[t.key].toLocaleString('en-US')}
            {t.suffix}
          </span>
        ))}
      </span>
    </span>
  );
}

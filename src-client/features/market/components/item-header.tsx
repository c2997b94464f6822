import { useEffect } from 'react';
import { DAMAGE_TYPES, itemProfessions, type CatalogueItem } from '../../../../src-common/catalogue';
import { EpisodeBadge, ProfessionBadge, RarityBadge } from '../../../components/badges/badges';
import { useCatalogue } from '../../../lib/catalogue-store';
import { ItemImage } from '../../../components/item-image';

const COMBAT_FACTS = [
  ['Category', 'Combat Category'],
  ['Level', 'Combat Level'],
  ['Strength', 'Strength'],
  ['Damage type', 'Damage Type'],
  ['Dmg %', 'Damage %'],
  ...DAMAGE_TYPES.map((type) => [type, type] as const),
] as const satisfies ReadonlyArray<readonly [string, keyof CatalogueItem]>;

/** What the catalogue says of the item: an empty or "None" value is a fact it does not have. */
const known = (value: string) => value.trim() !== '' && value.trim() !== 'None';

export function useCatalogueItem(name: string): CatalogueItem | undefined {
  const items = useCatalogue((s) => s.items);
  const loadItems = useCatalogue((s) => s.loadItems);
  useEffect(() => {
    void loadItems();
  }, [loadItems]);
  return items.find((i) => i.Items === name);
}

/** The item page's heading: image, name, episode, professions, and combat facts where the catalogue has them. */
export function ItemHeader({ name }: { name: string }) {
  const item = useCatalogueItem(name);
  const facts = item ? COMBAT_FACTS.filter(([, key]) => known(item[key])) : [];
  return (
    <header className="card market-item-header">
      <ItemImage src={item?.Image ?? ''} name={name} size={80} decorative />
      <div className="stack market-item-title">
        <h1 className="page-title">{name}</h1>
        {item && (
          <div className="row">
            <EpisodeBadge episode={item.Episode} />
            {itemProfessions(item).map((p) => (
              <ProfessionBadge key={p} profession={p} />
            ))}
            {known(item.Rarity) && <RarityBadge rarity={item.Rarity} />}
          </div>
        )}
        {facts.length > 0 && (
          <dl className="combat-stats" aria-label="Combat stats">
            {facts.map(([label, key]) => (
              <div key={label} className="combat-stat">
                <dt>{label}</dt>
                <dd>{item![key]}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </header>
  );
}

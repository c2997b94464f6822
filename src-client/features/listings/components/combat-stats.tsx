import { DAMAGE_TYPES } from '../../../../src-common/catalogue';
import type { Listing } from '../../../../src-common/schemas/listing';

const RESISTANCE_KEYS = {
  Impact: 'combatImpact',
  Cryonae: 'combatCryonae',
  Arborae: 'combatArborae',
  Tempestae: 'combatTempestae',
  Infernae: 'combatInfernae',
  Necromae: 'combatNecromae',
} as const satisfies Record<(typeof DAMAGE_TYPES)[number], keyof Listing>;

/** The combat fields a listing carries, as a definition list; nothing when it has none. */
export function CombatStats({ listing }: { listing: Listing }) {
  const rows: Array<[string, string]> = [];
  if (listing.combatCategory) rows.push(['Category', listing.combatCategory]);
  if (listing.combatLevel !== null) rows.push(['Level', String(listing.combatLevel)]);
  if (listing.combatStrength !== null) rows.push(['Strength', String(listing.combatStrength)]);
  if (listing.combatDmgType) rows.push(['Damage type', listing.combatDmgType]);
  if (listing.combatDmgPercent !== null) rows.push(['Dmg %', `${listing.combatDmgPercent}%`]);
  for (const type of DAMAGE_TYPES) {
    const value = listing[RESISTANCE_KEYS[type]];
    if (value !== null) rows.push([type, String(value)]);
  }
  if (!rows.length) return null;
  return (
    <dl className="combat-stats" aria-label="Combat stats">
      {rows.map(([label, value]) => (
        <div key={label} className="combat-stat">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

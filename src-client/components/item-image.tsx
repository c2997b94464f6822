import { useState, type CSSProperties } from 'react';
import { episodeColour } from './badges/badges';

interface ItemImageProps {
  src: string;
  name: string;
  size?: number;
  /** Tints the tile shown when there is no image. */
  episode?: string;
  /** Weapon, Armor or anything else: the tile's corner icon. */
  category?: string;
  /** Next to the item's name already: hidden from assistive technology. */
  decorative?: boolean;
}

/** "Perfect Oak Log" gives "PO", "Rapier" gives "RA": two letters that tell tiles apart. */
export function itemInitials(name: string): string {
  const [first, second] = name.match(/[\p{L}\p{N}][\p{L}\p{N}']*/gu) ?? [];
  if (!first) return '?';
  return (second ? first[0] + second[0] : first.slice(0, 2)).toUpperCase();
}

/** Small line icons: a sword for weapons, a shield for armour, a pouch for everything else. */
const CATEGORY_PATHS: Record<string, string> = {
  Weapon: 'M14.5 3H21v6.5L10 20.5 7.5 18l-3 3L3 19.5l3-3L3.5 14z M12 12l6-6',
  Armor: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z',
  Other: 'M9 4h6l-1.5 3h-3z M6 20h12l-2-11H8z',
};

function CategoryIcon({ category }: { category: string }) {
  return (
    <svg className="item-image-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={CATEGORY_PATHS[category] ?? CATEGORY_PATHS.Other} />
    </svg>
  );
}

/**
 * The wiki image of an item or, when it is missing or fails to load, a tile of its own: the episode's
 * colour, the item's initials and a category icon, so it reads as "no picture" rather than as a button.
 */
export function ItemImage({
  src,
  name,
  size = 64,
  episode = '',
  category = 'Other',
  decorative = false,
}: ItemImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!src || failedSrc === src) {
    const tile = {
      ...style,
      '--tile-colour': episodeColour(episode),
      fontSize: size * 0.34,
    } as CSSProperties;
    return (
      <span
        className="item-image item-image-placeholder"
        style={tile}
        {...(decorative || !name ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      >
        {itemInitials(name)}
        {size >= 48 && <CategoryIcon category={category} />}
      </span>
    );
  }
  return (
    <img
      className="item-image"
      style={style}
      src={src}
      alt={decorative ? '' : name}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}

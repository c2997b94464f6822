import { useState } from 'react';

interface ItemImageProps {
  src: string;
  name: string;
  size?: number;
  /** Next to the item's name already: hidden from assistive technology. */
  decorative?: boolean;
}

/** The wiki image of an item, or a lettered tile when it is missing or fails to load. */
export function ItemImage({ src, name, size = 64, decorative = false }: ItemImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!src || failedSrc === src) {
    return (
      <span
        className="item-image item-image-placeholder"
        style={style}
        {...(decorative || !name ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      >
        {name.trim().slice(0, 1).toUpperCase() || '?'}
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

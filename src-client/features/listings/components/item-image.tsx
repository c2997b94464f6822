import { useState } from 'react';

/** The wiki image of an item, or a lettered tile when it is missing or fails to load. */
export function ItemImage({ src, name, size = 64 }: { src: string; name: string; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!src || failedSrc === src) {
    return (
      <span className="item-image item-image-placeholder" style={style} role="img" aria-label={name}>
        {name.trim().slice(0, 1).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className="item-image"
      style={style}
      src={src}
      alt={name}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}

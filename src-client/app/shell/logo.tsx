/** The mark from the favicon plus the site name; the mark is decorative, the text carries the name. */
export function Logo() {
  return (
    <span className="logo">
      <svg
        className="logo-mark"
        viewBox="0 0 64 64"
        width="28"
        height="28"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="#0f766e" />
        <path d="M16 40l16-22 16 22z" fill="#fbbf24" />
        <circle cx="32" cy="44" r="6" fill="#fde68a" />
      </svg>
      <span className="logo-text">
        Brighter Shores <span className="logo-sub">Market</span>
      </span>
    </span>
  );
}

/**
 * What the router shows while the first page's chunk loads, before the shell can render. Declaring it
 * (rather than leaving React Router to render nothing) is also what its "No HydrateFallback" warning asks.
 */
export function BootFallback() {
  return (
    <p className="boot-fallback" role="status">
      Loading…
    </p>
  );
}

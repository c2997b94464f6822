export function Component() {
  return (
    <div className="stack">
      <h1 className="page-title">Test</h1>
      <p className="muted">This is a test page.</p>
    </div>
  );
}

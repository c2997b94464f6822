export function Component() {
  return <h1>Getting Started</h1>;
}

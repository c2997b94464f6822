export function Component() {
  return <h1>Test</h1>;
}

export function Component() {
  return <h1>Logging in...</h1>;
}

export function Component() {
  return <h1>Sign in</h1>;
}

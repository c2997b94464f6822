export function Component() {
  return <h1>Verify Email</h1>;
}

export function Component() {
  return <h1>Profile</h1>;
}

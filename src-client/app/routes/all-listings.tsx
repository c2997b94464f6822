export function Component() {
  return <h1>Current Listings</h1>;
}

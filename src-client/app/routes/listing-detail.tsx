export function Component() {
  return <h1>Listing</h1>;
}

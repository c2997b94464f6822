export function Component() {
  return <h1>Post Listing</h1>;
}

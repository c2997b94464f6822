export function Component() {
  return <h1>Admin Panel</h1>;
}

export function Component() {
  return <h1>My Profile</h1>;
}

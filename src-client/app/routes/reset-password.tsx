export function Component() {
  return <h1>Reset Password</h1>;
}

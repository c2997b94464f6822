export function Component() {
  return <h1>Create your account</h1>;
}

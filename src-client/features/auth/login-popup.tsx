/** Placeholder until the accounts work lands: the login popup the sidebar opens. */
export function LoginPopup({ onClose }: { onClose(): void }) {
  return (
    <div role="dialog" aria-label="Login">
      <button onClick={onClose}>Close</button>
    </div>
  );
}

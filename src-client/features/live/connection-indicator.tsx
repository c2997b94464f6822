/** Placeholder until the live work lands: live / reconnecting / offline. */
export function ConnectionIndicator() {
  return null;
}

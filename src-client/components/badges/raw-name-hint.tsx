import { escapedLegacyUsername } from '../../../src-common/usernames';

/**
 * For admins: a name from before the username rules (it keeps working) with its unusual code points
 * spelled out, so `Bob\u202E` reads as `Bob\u{202E}` rather than hiding what it holds. Nothing for a
 * name that follows the rules.
 */
export function RawNameHint({ name }: { name: string }) {
  const escaped = escapedLegacyUsername(name);
  if (!escaped) return null;
  return (
    <code
      className="raw-name-hint"
      title="Name from before the username rules; unusual characters spelled out"
    >
      {escaped}
    </code>
  );
}

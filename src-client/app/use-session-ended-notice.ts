import { useEffect } from 'react';
import { toast } from '../components/notice/notice-store';
import { currentUser } from '../lib/current-user';
import { useSession } from '../lib/session';
import { onSessionRefused } from '../lib/socket';

/**
 * When the server refuses the session's token to the live connection (its sessions were ended on another
 * device or tab, it expired, or the account was suspended), the page asks the server about the session at
 * once rather than at the player's next action: a 401 ends it here (lib/api-client.ts), and the page says
 * why. The shell mounts it for every page.
 */
export function useSessionEndedNotice(): void {
  useEffect(
    () =>
      onSessionRefused(() => {
        void currentUser.load(true).then(() => {
          const reason = useSession.getState().endedBecause;
          if (reason) toast(reason, 'warning');
        });
      }),
    [],
  );
}

import { create } from 'zustand';

/**
 * Whether the login popup is open. Any control that asks a visitor to log in (top bar, sidebar, the post
 * page, a listing's offer prompt) opens it through here; the shell renders it.
 */
export const useLoginPrompt = create<{ open: boolean }>(() => ({ open: false }));

export const loginPrompt = {
  show: () => useLoginPrompt.setState({ open: true }),
  hide: () => useLoginPrompt.setState({ open: false }),
};

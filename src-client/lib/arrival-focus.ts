/**
 * Marks what a page wants focused on arrival instead of its heading (a message the visitor came to read,
 * the one field left to fill): the app's focus keeper looks for it after every route change.
 */
export const ARRIVAL_FOCUS_ATTRIBUTE = 'data-arrival-focus';

/** The panel's element id, which the bell's button names as what it controls. */
export const NOTIFICATION_PANEL_ID = 'notification-panel';

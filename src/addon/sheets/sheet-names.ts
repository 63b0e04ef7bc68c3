// The sheets every capability finds by name. Sheets that belong to one capability keep their
// name beside it (the Change Log's in changes/, Free Time and the Pull List in core/).

/** The user's rows: inputs they type, outputs the add-in writes. */
export const TRACKING_SHEET = 'Tracking';
/** Hidden: how the last refresh went (B1 is the cell formulas point at to recalculate). */
export const STATUS_SHEET = 'Container Tracking status';
/** The named range of the status sheet's B1, which every refresh that wrote updates. */
export const REFRESH_SIGNAL_NAME = 'CT_LAST_REFRESH';

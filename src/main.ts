// What Apps Script may call. Nothing here runs at load time: an add-on's onOpen can run without
// authorisation, and every custom-function cell loads the whole bundle.

export {
  CONTAINER_STATUS,
  LFD,
  CONTAINER_INFO,
  SHIPMENT_INFO,
  TRACKING_LINK,
} from './addon/cells/custom-functions';
export {
  saveSettings,
  removeApiKey,
  getSettings,
  testConnection,
} from './addon/sidebar-api/settings';
export { onOpen, onInstall } from './addon/menu/menu';
export { onEdit } from './addon/cells/lfd-date-format';
export {
  showSidebar,
  showSettings,
  menuSetUpTrackingSheet,
  menuRefreshNow,
  menuImportAllContainers,
  menuAutoRefresh15,
  menuAutoRefresh30,
  menuAutoRefresh60,
  menuAutoRefresh120,
  menuAutoRefresh240,
  menuAutoRefresh360,
  menuAutoRefresh480,
  menuAutoRefresh720,
  menuAutoRefresh1440,
  menuAutoRefreshOff,
  runScheduledRefresh,
} from './addon/menu/actions';
export { setupTrackingSheet } from './addon/tracking-sheet/setup';
export { refreshTrackingSheet } from './addon/refresh/refresh-tracking-sheet';
export { importAllContainers } from './addon/tracking-sheet/import-containers';
export {
  enableAutoRefresh,
  disableAutoRefresh,
  getAutoRefresh,
} from './addon/schedule/auto-refresh';
export { getSchedules } from './addon/schedule/schedules-list';
export { handOverSchedule, takeOverSchedule } from './addon/schedule/hand-over';
export { createTrackingRequest } from './addon/sidebar-api/tracking-requests';
export { inferCarrier } from './addon/sidebar-api/carriers';
export {
  getPickerConfig,
  startDriveUpload,
  sendDriveUpload,
  finishDriveUpload,
  uploadDriveFile,
} from './addon/sidebar-api/documents';
export {
  openPickerDialog,
  storePickedFile,
  takePickedFile,
} from './addon/sidebar-api/picker-dialog';
export { getSelectedRow, updateRefNumbers } from './addon/sidebar-api/references';
export { stopTracking, resumeTracking, getTimeline } from './addon/sidebar-api/shipment-tracking';
export { listShippingLines } from './addon/sidebar-api/shipping-lines';
export { trackUntrackedRows } from './addon/menu/actions';
export { getDiagnostics } from './addon/sidebar-api/diagnostics';
export { sendAlertDigestNow, getAlertStatus } from './addon/changes/alerts-api';
export { getFreeTimeRules } from './addon/money/free-time-api';
export { buildEvidence } from './addon/evidence/build-evidence';
export { doPost } from './addon/push/receive';
export { enablePush, disablePush, getPushStatus } from './addon/push/api';

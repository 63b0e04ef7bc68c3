// What Apps Script may call. Nothing here runs at load time: an add-on's onOpen can run without
// authorisation, and every custom-function cell loads the whole bundle.

export {
  CONTAINER_STATUS,
  LFD,
  CONTAINER_INFO,
  SHIPMENT_INFO,
  TRACKING_LINK,
} from './addon/custom-functions';
export { saveSettings, getSettings, testConnection } from './addon/settings-api';
export { onOpen, onInstall } from './addon/menu';
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
} from './addon/menu-actions';
export { setupTrackingSheet } from './addon/tracking-sheet-setup';
export { refreshTrackingSheet } from './addon/tracking-sheet-refresh';
export { importAllContainers } from './addon/import-containers';
export { enableAutoRefresh, disableAutoRefresh, getAutoRefresh } from './addon/auto-refresh';
export { createTrackingRequest } from './addon/tracking-requests-api';
export { inferCarrier } from './addon/carriers-api';
export {
  getPickerConfig,
  startDriveUpload,
  sendDriveUpload,
  finishDriveUpload,
  uploadDriveFile,
} from './addon/documents-api';
export { openPickerDialog, storePickedFile, takePickedFile } from './addon/picker-dialog-api';
export { getSelectedRow, updateRefNumbers } from './addon/references-api';
export { stopTracking, resumeTracking, getTimeline } from './addon/shipment-tracking-api';
export { listShippingLines } from './addon/shipping-lines-api';
export { trackUntrackedRows } from './addon/menu-actions';
export { getDiagnostics } from './addon/diagnostics-api';
export { sendAlertDigestNow, getAlertStatus } from './addon/alerts-api';
export { getFreeTimeRules } from './addon/free-time-api';
export { doPost } from './addon/push-receive';
export { enablePush, disablePush, getPushStatus } from './addon/push-api';

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

// Everything Apps Script may call, with the documentation Sheets shows. The build generates the
// top-level stubs of dist/Code.js from this list and fails if it disagrees with src/main.ts.

import type { PublicFunction, PublicParam } from './public-function';
import { CUSTOM_FUNCTIONS } from './surface-cells';

export const PUBLIC_FUNCTIONS: PublicFunction[] = [
  ...CUSTOM_FUNCTIONS,
  {
    name: 'saveSettings',
    kind: 'server',
    summary:
      'Saves the API key (kept when left empty), API base URL and app URL for this spreadsheet.',
    params: [{ name: 'settings', type: 'Object', doc: '{apiKey?, apiBaseUrl?, appUrl?}' }],
  },
  {
    name: 'getSettings',
    kind: 'server',
    summary: 'The settings, with only whether an API key is set and its last 4 characters.',
    params: [],
  },
  {
    name: 'removeApiKey',
    kind: 'server',
    summary:
      "Removes the API key from this spreadsheet (its settings, cache and this user's auto-refresh copy).",
    params: [],
  },
  {
    name: 'testConnection',
    kind: 'server',
    summary: 'Checks the key and URL with one request and reports the account size.',
    params: [],
  },

  ...(
    [
      [
        'onOpen',
        'trigger',
        'Builds the add-on menu.',
        [{ name: 'e', doc: 'The open event.', optional: true }],
      ],
      [
        'onInstall',
        'trigger',
        'Builds the menu right after an add-on install.',
        [{ name: 'e', doc: 'The install event.', optional: true }],
      ],
      [
        'onEdit',
        'trigger',
        'Gives a freshly typed LFD() the date format, where the cell has no number format yet.',
        [{ name: 'e', doc: 'The edit event.', optional: true }],
      ],
      ['showSidebar', 'server', 'Opens the sidebar.', []],
      ['showSettings', 'server', 'Opens the sidebar on its Settings tab.', []],
      ['menuSetUpTrackingSheet', 'server', 'Menu: creates or repairs the Tracking sheet.', []],
      ['menuRefreshNow', 'server', 'Menu: refreshes the Tracking sheet now.', []],
      [
        'menuImportAllContainers',
        'server',
        "Menu: adds a row for each of the account's unfinished containers no row holds yet.",
        [],
      ],
      ['menuAutoRefresh15', 'server', 'Menu: auto-refresh every 15 minutes.', []],
      ['menuAutoRefresh30', 'server', 'Menu: auto-refresh every 30 minutes.', []],
      ['menuAutoRefresh60', 'server', 'Menu: auto-refresh every hour.', []],
      ['menuAutoRefresh120', 'server', 'Menu: auto-refresh every 2 hours.', []],
      ['menuAutoRefresh240', 'server', 'Menu: auto-refresh every 4 hours.', []],
      ['menuAutoRefresh360', 'server', 'Menu: auto-refresh every 6 hours.', []],
      ['menuAutoRefresh480', 'server', 'Menu: auto-refresh every 8 hours.', []],
      ['menuAutoRefresh720', 'server', 'Menu: auto-refresh every 12 hours.', []],
      ['menuAutoRefresh1440', 'server', 'Menu: auto-refresh every day.', []],
      ['menuAutoRefreshOff', 'server', 'Menu: turns auto-refresh off.', []],
      [
        'runScheduledRefresh',
        'trigger',
        'Time-driven trigger: refreshes the Tracking sheet of the spreadsheet the trigger belongs to, within its rate budget.',
        [{ name: 'e', doc: 'The time-driven event (its triggerUid).', optional: true }],
      ],
      [
        'setupTrackingSheet',
        'server',
        'Creates the Tracking sheet with its headers and formats, or repairs it.',
        [],
      ],
      [
        'refreshTrackingSheet',
        'server',
        'Refreshes the Tracking sheet now and reports what it did.',
        [{ name: 'options', type: 'Object', doc: '{scheduled?: boolean}', optional: true }],
      ],
      [
        'importAllContainers',
        'server',
        'Appends a container row for every container the account tracks that no row holds yet; finished ones only with includeFinished.',
        [{ name: 'options', type: 'Object', doc: '{includeFinished?: boolean}', optional: true }],
      ],
      [
        'enableAutoRefresh',
        'server',
        'Turns on the scheduled refresh (one trigger; re-enabling replaces it).',
        [{ name: 'minutes', type: 'number', doc: 'Interval in minutes.' }],
      ],
      ['disableAutoRefresh', 'server', 'Turns off the scheduled refresh.', []],
      [
        'getAutoRefresh',
        'server',
        'Whether the scheduled refresh is on, its interval, the deployment mode and the intervals it offers.',
        [],
      ],
      [
        'getSchedules',
        'server',
        "Every spreadsheet whose refresh this user's triggers run: name, link, interval, last and next run, state.",
        [],
      ],
      [
        'handOverSchedule',
        'server',
        "Offers this spreadsheet's schedule, which is yours, to another editor; it stays yours until they take it over.",
        [{ name: 'input', type: 'Object', doc: '{to}: the editor’s email' }],
      ],
      [
        'takeOverSchedule',
        'server',
        "Makes this spreadsheet's schedule yours at once (handed over to you, or stopped running).",
        [],
      ],
      ['getDiagnostics', 'server', 'Time zones, deployment, refresh state and limits.', []],
      [
        'createTrackingRequest',
        'server',
        'Starts tracking a BOL, booking or container number.',
        [
          {
            name: 'request',
            type: 'Object',
            doc: '{requestType, requestNumber, scac, refNumbers}; an empty scac lets the service detect the carrier',
          },
        ],
      ],
      [
        'inferCarrier',
        'server',
        "Suggests a number's carrier (SCAC) as the service predicts it: auto_select, needs_confirmation with candidates, or no_prediction.",
        [{ name: 'query', type: 'Object', doc: '{number}' }],
      ],
      [
        'getPickerConfig',
        'server',
        'The Google Picker settings for "Choose from Drive": OAuth token, developer key, app id.',
        [],
      ],
      [
        'openPickerDialog',
        'server',
        'Opens the Google Picker in a 600 × 425 px dialog (the sidebar is narrower than its minimum size); returns the token the sidebar waits on.',
        [],
      ],
      [
        'storePickedFile',
        'server',
        'The Picker dialog hands over the picked file (or null when cancelled) for the sidebar.',
        [{ name: 'input', type: 'Object', doc: '{token, file, error?}' }],
      ],
      [
        'takePickedFile',
        'server',
        'The sidebar asks whether the Picker dialog has answered: waiting, picked (with the file), cancelled or failed.',
        [{ name: 'input', type: 'Object', doc: '{token}' }],
      ],
      [
        'startDriveUpload',
        'server',
        'Upload step 1: reads the Drive file and requests the upload.',
        [{ name: 'input', type: 'Object', doc: '{fileId, name?}' }],
      ],
      [
        'sendDriveUpload',
        'server',
        'Upload step 2: sends the bytes to storage.',
        [{ name: 'input', type: 'Object', doc: '{token}' }],
      ],
      [
        'finishDriveUpload',
        'server',
        'Upload step 3: creates the document.',
        [{ name: 'input', type: 'Object', doc: '{token}' }],
      ],
      [
        'uploadDriveFile',
        'server',
        'Attaches a Drive file as a document in one call.',
        [{ name: 'input', type: 'Object', doc: '{fileId, name?}' }],
      ],
      ['getSelectedRow', 'server', 'The selected Tracking row: number, link and ref numbers.', []],
      [
        'updateRefNumbers',
        'server',
        'Replaces the ref numbers of a container or shipment.',
        [{ name: 'input', type: 'Object', doc: '{number, refNumbers}' }],
      ],
      [
        'stopTracking',
        'server',
        "Stops the service's tracking of the shipment of a container, BOL or booking number.",
        [{ name: 'input', type: 'Object', doc: '{number}' }],
      ],
      [
        'resumeTracking',
        'server',
        "Resumes the service's tracking of the shipment of a container, BOL or booking number.",
        [{ name: 'input', type: 'Object', doc: '{number}' }],
      ],
      [
        'getTimeline',
        'server',
        "A container's transport events in order, with place and local time (each container's for a BOL).",
        [{ name: 'input', type: 'Object', doc: '{number}' }],
      ],
      [
        'buildEvidence',
        'server',
        'Writes the sheet "Evidence <number>" for one container: its dates, a row per day with what was charged, the days to dispute and why, the Free Time rows that priced it and an Invoice check (at most one request).',
        [{ name: 'input', type: 'Object', doc: '{number}' }],
      ],
      ['listShippingLines', 'server', 'Carriers (SCAC, name) for the Track form.', []],
      [
        'sendAlertDigestNow',
        'server',
        'Sends the alert digest now (nothing is sent when there is nothing to report).',
        [],
      ],
      [
        'getFreeTimeRules',
        'server',
        'The Free Time rules in use (each row in words, the boxes it prices, why a row cannot be read) and the boxes no rule matches.',
        [],
      ],
      [
        'getAlertStatus',
        'server',
        'Whether alerts are on, their recipients, the last and next digest, alerts waiting, the email quota left and the last error.',
        [],
      ],
      [
        'trackUntrackedRows',
        'server',
        'Refreshes the Tracking sheet, which tracks every untracked row (the service detects the carrier of rows without a SCAC).',
        [],
      ],
      [
        'doPost',
        'trigger',
        'The web app endpoint the tracking service delivers webhook notifications to (URL with the token push updates generated).',
        [{ name: 'e', type: 'Object', doc: 'The web app POST event.' }],
      ],
      [
        'enablePush',
        'server',
        'Subscribes this bound script, deployed as a web app, to the service webhook events the add-in uses.',
        [{ name: 'webAppUrl', type: 'string', doc: 'The web app URL ending in /exec.' }],
      ],
      ['disablePush', 'server', 'Deletes the webhook subscription and the token.', []],
      [
        'getPushStatus',
        'server',
        'Whether push updates are on, their URL without the token, events, last notification and count.',
        [],
      ],
    ] as [string, PublicFunction['kind'], string, PublicParam[]][]
  ).map(([name, kind, summary, params]) => ({ name, kind, summary, params })),
];

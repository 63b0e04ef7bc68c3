// How large a document the sidebar may upload: one rule for the server (which refuses before
// reading the file) and the sidebar (which says so before asking).

/** 50 MB: a Blob of a larger Drive file is more than an Apps Script execution can hold safely. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

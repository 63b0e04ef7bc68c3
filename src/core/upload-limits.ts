// How large a document the sidebar may upload: one rule for the server (which refuses before
// reading the file) and the sidebar (which says so before asking). The file's bytes come back as
// one UrlFetchApp response from Drive, and Apps Script refuses a response over 50 MB (quotas
// page, "URL Fetch response size"): the cap stays well under it, whichever megabyte Google means.

/** 45 MB as the sidebar counts them (1,024 × 1,024 bytes): 47,185,920 bytes, under 50,000,000. */
export const MAX_UPLOAD_BYTES = 45 * 1024 * 1024;
/** How messages name it. */
export const MAX_UPLOAD_TEXT = '45 MB';

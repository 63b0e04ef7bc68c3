// The add-on's name, as its menu, sidebar, dialogs, emails and Marketplace listing show it. Google's
// listing rules: at most 50 characters, the same as the OAuth consent screen's app name, and no
// Google product name (docs/marketplace/listing.md). "Container Tracking" is what it does; "LFD
// Watch" is what a dispatcher remembers it by.

export const PRODUCT_NAME = 'LFD Watch: Container Tracking';

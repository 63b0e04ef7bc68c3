// A POST to a deployed web app, as Apps Script hands it to doPost(e): the event object of the
// web-apps guide (queryString, parameter with each name's first value, parameters with all of
// them, contentLength, postData {contents, length, type, name: 'postData'}, contextPath ''). A
// form-encoded body's fields join the parameters, as Apps Script does (and the tanaikech
// request-flow report shows); headers never reach the script.

export interface WebAppPost {
  /** What follows `?` in the /exec URL, e.g. `token=abc`. */
  queryString: string;
  body: string;
  contentType?: string;
}

/**
 * What the caller of /exec receives. Apps Script runs doPost, then answers the POST with a 302 to
 * script.googleusercontent.com/macros/echo?user_content_key=…, which serves the content (the
 * ContentService guide: "for security reasons, content returned by the script is not served
 * from script.google.com, but instead redirected to a one-time URL"). A deployment that does not
 * exist (never deployed, or deleted) answers 404 without running anything.
 */
export interface WebAppAnswer {
  status: 302 | 404 | 200;
  /** Where a 302 sends the caller; the content is served there. */
  location: string | null;
  /** What the TextOutput holds. */
  content: string;
  /** The Content-Type the TextOutput's MIME type gives. */
  contentType: string;
}

export const ECHO_ORIGIN = 'https://script.googleusercontent.com';

export function redirectAnswer(content: string, contentType: string, n: number): WebAppAnswer {
  const key = `local-echo-${n}`;
  return {
    status: 302,
    location: `${ECHO_ORIGIN}/macros/echo?user_content_key=${key}`,
    content,
    contentType,
  };
}

/**
 * A doPost that threw (or an execution Apps Script refused): Apps Script serves its "Error" page
 * with 200, straight from /exec, no redirect; the page reads "Exception: <message> (line N, file
 * "Code")", and quota refusals look the same. No Google page documents it; the recorded page and
 * its status are pinned by a public test suite (an Apps Script web-app client's
 * `test_script_exception_page`, "Apps Script's page for an exception thrown by doGet/doPost
 * (quota errors look the same)"). So a webhook sender counts a failed delivery as delivered and
 * does not retry it: only the refresh's catch-up makes up for it.
 */
export function errorPageAnswer(message: string): WebAppAnswer {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status: 200,
    location: null,
    content:
      '<!DOCTYPE html><html><head><title>Error</title></head><body>' +
      `<div>Exception: ${escaped}</div></body></html>`,
    contentType: 'text/html',
  };
}

export function notDeployedAnswer(): WebAppAnswer {
  return {
    status: 404,
    location: null,
    content: 'Sorry, unable to open the file at this time.',
    contentType: 'text/html',
  };
}

function addPairs(into: Record<string, string[]>, encoded: string): void {
  for (const [name, value] of new URLSearchParams(encoded)) (into[name] ??= []).push(value);
}

export function postEvent(post: WebAppPost): Record<string, unknown> {
  const type = post.contentType ?? 'application/json';
  const parameters: Record<string, string[]> = {};
  addPairs(parameters, post.queryString);
  if (type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    addPairs(parameters, post.body);
  const parameter: Record<string, string> = {};
  for (const [name, values] of Object.entries(parameters)) parameter[name] = values[0] ?? '';
  const length = Buffer.byteLength(post.body, 'utf8');
  return {
    queryString: post.queryString,
    parameter,
    parameters,
    contextPath: '',
    contentLength: length,
    postData: { contents: post.body, length, type, name: 'postData' },
  };
}

// The only code that sends email (MailApp). Sending needs the manifest's
// `https://www.googleapis.com/auth/script.send_mail` scope, which a person may refuse while
// granting the rest: the quota is asked only once that permission is known to be there, so a
// refusal reads as a clear message (with where to grant it) and the alerts wait, unsent. The daily quota counts recipients
// (MailApp reference: getRemainingDailyQuota, "the number of remaining emails a user can send");
// users report it answering -1 once a send was refused, so anything below what an email needs
// means "not now".

import type { AlertEmail } from '../core/alert-email';
import { PRODUCT_NAME } from '../core/product';
import { requirePermission } from './authorization';

export interface MailPort {
  /** Recipients this user may still send to today (-1 or less: none). */
  remainingQuota(): number;
  send(to: string, email: AlertEmail): void;
}

export const mailApp: MailPort = {
  remainingQuota: () => {
    requirePermission('alerts');
    return MailApp.getRemainingDailyQuota();
  },
  send: (to, email) =>
    MailApp.sendEmail({
      to,
      subject: email.subject,
      body: email.body,
      htmlBody: email.htmlBody,
      name: PRODUCT_NAME,
    }),
};

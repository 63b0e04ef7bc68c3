// The only code that sends email (MailApp). Sending needs the manifest's
// `https://www.googleapis.com/auth/script.send_mail` scope. The daily quota counts recipients
// (MailApp reference: getRemainingDailyQuota, "the number of remaining emails a user can send");
// users report it answering -1 once a send was refused, so anything below what an email needs
// means "not now".

import type { AlertEmail } from '../core/alert-email';
import { PRODUCT_NAME } from '../core/product';

export interface MailPort {
  /** Recipients this user may still send to today (-1 or less: none). */
  remainingQuota(): number;
  send(to: string, email: AlertEmail): void;
}

export const mailApp: MailPort = {
  remainingQuota: () => MailApp.getRemainingDailyQuota(),
  send: (to, email) =>
    MailApp.sendEmail({
      to,
      subject: email.subject,
      body: email.body,
      htmlBody: email.htmlBody,
      name: PRODUCT_NAME,
    }),
};

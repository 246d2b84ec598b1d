import nodemailer, { type Transporter } from 'nodemailer';
import type { Deps } from '../deps';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: { url: string; transporter: Transporter } | null = null;

function transporterFor(url: string): Transporter {
  if (!transport || transport.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/** The sender address used for mail sent through SMTP. */
export const mailFrom = process.env.MAIL_FROM ?? 'Coin Mall <no-reply@coinmall.local>';

/**
 * Sends a message: through nodemailer when SMTP_URL is set, otherwise into the outbox table (which the
 * sandbox's dev mailbox page shows, so a person trying the app can read the codes). The outbox keeps
 * only unsent mail: a message that went out by SMTP is recorded without its body.
 */
export async function sendMail(deps: Deps, mail: Mail): Promise<void> {
  const createdAt = new Date(deps.now());
  if (deps.config.smtpUrl) {
    await transporterFor(deps.config.smtpUrl).sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    await deps.db.insertInto('outbox').values({ to_address: mail.to, subject: mail.subject, body: '', via: 'smtp', created_at: createdAt }).execute();
    return;
  }
  await deps.db.insertInto('outbox').values({ to_address: mail.to, subject: mail.subject, body: mail.text, via: 'outbox', created_at: createdAt }).execute();
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { Deps } from '../deps';
import { defaultOutsideTimeouts, kindOfError, outsideFailed, withDeadline } from '../observability/outside';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: { key: string; transporter: Transporter } | null = null;

/**
 * One nodemailer transport per SMTP_URL and time-outs (issue 34: every outside call bounded): the
 * connection within OUTSIDE_CONNECT_TIMEOUT_MS, the greeting and each answer within SMTP_TIMEOUT_MS.
 */
function transporterFor(url: string, connectMs: number, smtpMs: number): Transporter {
  const key = `${url} ${connectMs} ${smtpMs}`;
  if (!transport || transport.key !== key) {
    transport = { key, transporter: nodemailer.createTransport({ url, connectionTimeout: connectMs, greetingTimeout: smtpMs, socketTimeout: smtpMs }) };
  }
  return transport.transporter;
}

/** The sender address used for mail sent through SMTP. */
export const mailFrom = process.env.MAIL_FROM ?? 'Coin Mall <no-reply@coinmall.local>';

/**
 * Sends a message: through nodemailer when SMTP_URL is set, otherwise into the outbox table (which the
 * sandbox's dev mailbox page shows, so a person trying the app can read the codes). The outbox keeps
 * only unsent mail: a message that went out by SMTP is recorded without its body. A hung or failing
 * mail server ends the call within SMTP_TIMEOUT_MS, with one log line and one count of
 * `coin_mall_outside_failures_total{target="smtp"}` (the error goes on to the caller).
 */
export async function sendMail(deps: Deps, mail: Mail): Promise<void> {
  const createdAt = new Date(deps.now());
  if (deps.config.smtpUrl) {
    const timeouts = deps.config.outsideTimeouts ?? defaultOutsideTimeouts;
    const started = performance.now();
    try {
      const transporter = transporterFor(deps.config.smtpUrl, timeouts.connectMs, timeouts.smtpMs);
      await withDeadline(transporter.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text }), timeouts.smtpMs, 'SMTP sendMail');
    } catch (error) {
      outsideFailed('smtp', 'sendMail', kindOfError(error), { ms: performance.now() - started, detail: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    await deps.db.insertInto('outbox').values({ to_address: mail.to, subject: mail.subject, body: '', via: 'smtp', created_at: createdAt }).execute();
    return;
  }
  await deps.db.insertInto('outbox').values({ to_address: mail.to, subject: mail.subject, body: mail.text, via: 'outbox', created_at: createdAt }).execute();
}

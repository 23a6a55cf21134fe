import type { SmtpSetting } from "@marquee/contracts";
import nodemailer from "nodemailer";
import type { SettingsService } from "./settings";

export class MailNotConfiguredError extends Error {}

/** Sends mail through the SMTP server configured in system settings. */
export class Mailer {
  constructor(private readonly settings: SettingsService) {}

  async send(to: string, subject: string, text: string): Promise<void> {
    const smtp: SmtpSetting | null = await this.settings.get("smtp");
    if (!smtp) throw new MailNotConfiguredError("smtp is not configured");
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({ from: smtp.from, to, subject, text });
    } finally {
      transport.close();
    }
  }
}

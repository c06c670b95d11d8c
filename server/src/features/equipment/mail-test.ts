import nodemailer from 'nodemailer';

export interface MailSettings {
  host: string;
  port: number;
  encrypted: boolean;
  username: string;
  password: string;
  fromAddress: string;
}

export type MailTestOutcome = { ok: true; response: string } | { ok: false; reason: string };

/** Every test message gives up after this long (connection, greeting, each reply and in total). */
export const MAIL_TEST_TIMEOUT_MS = 10_000;

function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    // nodemailer puts the SMTP server's reply line in `response`; network errors only have a message.
    const { response, message } = error as { response?: unknown; message?: unknown };
    if (typeof response === 'string' && response.trim()) return response.trim();
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  return String(error);
}

/**
 * Connects to the configured SMTP server and sends a test message to `to`. Encrypted: TLS from the
 * first byte (SMTPS); otherwise plain SMTP, upgraded with STARTTLS when the server offers it.
 * Never throws: answers the server's reply line, or the reason it failed.
 */
export async function sendTestMail(
  settings: MailSettings,
  to: string,
  content: {
    subject: string;
    text: string;
    /** Report sending (issue 16): an HTML body and attachments beside the text. */
    html?: string;
    attachments?: { filename: string; content: Buffer; contentType?: string }[];
    /**
     * A stable Message-ID (without the angle brackets): the same message sent again after a crash
     * carries the same id, which mail systems use to recognise the duplicate.
     */
    messageId?: string;
  },
  timeoutMs = MAIL_TEST_TIMEOUT_MS,
): Promise<MailTestOutcome> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.encrypted,
    auth: settings.username ? { user: settings.username, pass: settings.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`No answer from ${settings.host}:${settings.port} within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    const info = await Promise.race([
      transport.sendMail({
        from: settings.fromAddress,
        to,
        subject: content.subject,
        text: content.text,
        ...(content.html ? { html: content.html } : {}),
        ...(content.attachments ? { attachments: content.attachments } : {}),
        ...(content.messageId ? { messageId: `<${content.messageId}>` } : {}),
      }),
      deadline,
    ]);
    return { ok: true, response: String(info.response ?? '').trim() };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

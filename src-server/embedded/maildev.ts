export interface RunningMailCatcher {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

/** The embedded default's mail catcher: an SMTP sink with a web inbox and REST API (GET /email). */
export async function startMailDev(opts: { webPort: number; smtpPort: number }): Promise<RunningMailCatcher> {
  // A development dependency, loaded only here, when no SMTP_URL is set: production images leave it out.
  const { default: MailDev } = await import('maildev');
  const signals = ['SIGTERM', 'SIGINT'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const maildev = new MailDev({
    smtp: opts.smtpPort,
    web: opts.webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    disableWeb: false,
  });
  // MailDev exits the process on SIGTERM/SIGINT itself, which would cut the server's graceful shutdown
  // short (in-flight requests, the database); the server stops it as one of its own steps instead.
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.off(signal, listener);
    }
  }
  await new Promise<void>((resolve, reject) => {
    maildev.listen((err?: Error) => (err ? reject(err) : resolve()));
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    webUrl: `http://127.0.0.1:${opts.webPort}`,
    stop: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
  };
}

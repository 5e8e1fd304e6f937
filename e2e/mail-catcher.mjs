/**
 * The end-to-end tests' mail server: a real SMTP server (smtp-server from npm) that the app sends to, and a small
 * HTTP reader of what it received (`GET /messages?to=address`), from which a test takes the link in an email.
 * Started by playwright.config.ts before the app.
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5125);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 5126);
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const reader = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(to ? received.filter((mail) => mail.to.includes(to)) : received));
});
reader.listen(httpPort, '127.0.0.1');

const stop = () => {
  reader.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

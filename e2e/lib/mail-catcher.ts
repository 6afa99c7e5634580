import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every body of a raw message as UTF-8 text, so a link reads as one piece: nodemailer sends mostly-ASCII text
 * quoted-printable and mostly-Arabic text base64. Hand-written because specs only search the text for links and no
 * MIME parser is in the tree; headers are left as they came.
 */
export function decodeBodies(raw: string): string {
  return raw.replace(
    /(Content-Transfer-Encoding: *(base64|quoted-printable)\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, head: string, encoding: string, body: string) => {
      const bytes =
        encoding.toLowerCase() === 'base64'
          ? Buffer.from(body.replace(/\s/g, ''), 'base64')
          : Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              'latin1',
            );
      return head + bytes.toString('utf8');
    },
  );
}

/**
 * A real SMTP server on loopback (smtp-server): the embedded BFF's SMTP_URL in the e2e run. Each message lands in
 * `dir` as one file (bodies decoded), because the tests that read it run in Playwright's worker processes.
 */
export async function startMailCatcher(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (d: Buffer) => {
        data += d.toString('utf8');
      });
      stream.on('end', () => {
        const file = join(dir, `${String(++count).padStart(5, '0')}.eml`);
        // Written aside and renamed, so a reader never sees half a message.
        writeFileSync(`${file}.part`, decodeBodies(data));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The messages delivered to the catcher so far, oldest first. */
export function readMail(dir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return []; // nothing delivered yet
  }
  return files.sort().map((f) => readFileSync(join(dir, f), 'utf8'));
}

import { spawn } from 'node:child_process';
import { REPO } from './constants.ts';

/** An embedded stack (e2e/stack.ts): the BFF's base URL, the simulator's, and the stack's mailbox. */
export interface Stack {
  url: string;
  bbbURL: string;
  mailDir: string;
}

/**
 * Starts e2e/stack.ts and resolves with its ready line's URLs. Its output is kept for the failure (and shown live with
 * E2E_BFF_LOGS=1); its stdin is a pipe whose end stops it should this worker die without its teardown.
 */
export async function startStack(
  mailDir: string,
  env: Record<string, string> = {},
): Promise<{ stack: Stack; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/stack.ts'], {
    cwd: REPO,
    env: { ...process.env, ...env, E2E_MAIL_DIR: mailDir, E2E_STACK_STDIN: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const log = (d: Buffer) => {
    output += String(d);
    if (process.env.E2E_BFF_LOGS === '1') process.stdout.write(d);
  };
  child.stdout.on('data', log);
  child.stderr.on('data', log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
    if (!gone) child.kill('SIGKILL');
  };
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const look = () => {
      const line = output.match(/e2e stack ready: (\S+) (\S+)/);
      if (line) {
        child.stdout.off('data', look);
        resolve(line);
      }
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`e2e/stack.ts exited with ${code} before it was ready:\n${output}`)));
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { stack: { url: ready[1] as string, bbbURL: ready[2] as string, mailDir }, stop };
}

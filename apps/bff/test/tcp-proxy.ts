import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy for fault tests (toxiproxy is not installable here, see reference §B3): forwards a local port to a
 * target, and can cut the link (refuse new connections, reset the open ones), swallow it (accept connections but
 * forward nothing, like a dropped network) and restore it on the same port.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on a free port the first time, the same one afterwards). */
  async start(): Promise<this> {
    const server = createServer((client) => {
      this.track(client);
      if (this.mode === 'blackhole') return; // connected, never answered
      const upstream = this.track(connect(this.targetPort, this.targetHost));
      client.pipe(upstream).pipe(client);
      // pipe() passes data and ends, not resets: either side closing takes the other with it
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** The database is gone: new connections are refused and open ones reset. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** The network drops everything: connections open but nothing comes back (open ones are reset first). */
  async blackhole(): Promise<void> {
    await this.cut();
    this.mode = 'blackhole';
    await this.start();
  }

  /** Back to forwarding on the same port. */
  async restore(): Promise<void> {
    await this.cut();
    this.mode = 'forward';
    await this.start();
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
    return socket;
  }
}

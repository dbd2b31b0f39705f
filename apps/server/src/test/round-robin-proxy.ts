/**
 * A tiny load balancer for tests of N instances (issue 50): each new TCP connection goes to the
 * next backend in turn, bytes piped both ways, so HTTP, server-sent events and websockets all
 * pass as they would through a real one. A backend that refuses the connection is skipped for
 * the next one, as a load balancer's health check would (once every backend refused, the client's
 * connection is closed).
 */
import net from 'node:net';

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** How many client connections each backend took, by backend index. */
  readonly served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((url) => {
    const { hostname, port } = new URL(url);
    return { host: hostname, port: Number(port) };
  });
  const served = targets.map(() => 0);
  const open = new Set<net.Socket>();
  let next = 0;

  /** Connects `client` to backend `index`, or to the ones after it if it refuses. */
  const connect = (client: net.Socket, index: number, tries: number) => {
    if (tries >= targets.length || client.destroyed) {
      client.destroy();
      return;
    }
    const target = targets[index]!;
    const upstream = net.connect(target.port, target.host);
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      served[index]! += 1;
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected) connect(client, (index + 1) % targets.length, tries + 1);
      else client.destroy();
    });
    upstream.once('close', () => {
      if (connected) client.destroy();
    });
  };

  const server = net.createServer((client) => {
    open.add(client);
    client.pause();
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const index = next;
    next = (next + 1) % targets.length;
    connect(client, index, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

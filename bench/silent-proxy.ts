// A TCP proxy that can go silent, for the drills and tests of a peer gone silent: it keeps every connection open but
// passes nothing either way, as a peer behind a partition or at an address that failed over does. `speak` lets new
// connections through again; connections made while silent (or before) stay dead, as they would be. `cut` drops
// the connections open now.
import { once } from 'node:events';
import net from 'node:net';

export async function silentProxy(target: { host: string; port: number }) {
  let silent = false;
  const dead = new Set<net.Socket>();
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    if (silent) dead.add(client);
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!dead.has(client)) to.write(chunk);
      });
    pass(client, upstream);
    pass(upstream, client);
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        open.delete(socket);
        dead.delete(client);
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    /** From now on nothing passes on any connection open now or made while silent. */
    silence() {
      silent = true;
      for (const socket of open) dead.add(socket);
    },
    /** New connections pass again. */
    speak() {
      silent = false;
    },
    /** Drops every connection open now, as a restarting peer or a failing network does; new ones may be made. */
    cut() {
      for (const socket of open) socket.destroy();
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      server.close();
    },
  };
}

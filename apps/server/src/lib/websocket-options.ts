import type { WebsocketPluginOptions } from '@fastify/websocket';
import { REALTIME_CLOSE, REALTIME_DOC_FRAME_MAX_BYTES } from '@codewright/contract';

/**
 * @fastify/websocket's options (the realtime routes share the HTTP port). A frame over the limit
 * closes with 1009: a `doc` frame's 96 KB here, any other frame's 16 KB in realtime-connection.ts.
 * A shutdown closes every websocket with 1012 (Service Restart), which clients take as "come
 * back" (the SDK reconnects after its jittered wait), to this server or another instance.
 */
export const WEBSOCKET_OPTIONS: WebsocketPluginOptions = {
  options: { maxPayload: REALTIME_DOC_FRAME_MAX_BYTES },
  preClose(done) {
    for (const client of this.websocketServer.clients)
      client.close(REALTIME_CLOSE.restarting, 'The server is restarting: reconnect.');
    // Not waiting for each close handshake: a client that never answers would hold the
    // shutdown; the realtime and coedit onClose hooks finish their own work.
    this.websocketServer.close();
    done();
  },
};

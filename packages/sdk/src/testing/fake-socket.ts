import type { WebSocketLike } from '../realtime/realtime-socket.ts';

/** A websocket the test plays the server of: it sees what was sent and answers by hand. */
export class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** Answers the last frame of `type` that carried a ref. */
  answer(type: string, frame: Record<string, unknown>) {
    const asked = [...this.sent].reverse().find((f) => f.type === type);
    this.receive({ ...frame, ref: asked?.ref });
  }
}

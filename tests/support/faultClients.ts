// Clients that walk away, for the disconnect fault tests: raw sockets (no fetch, no agent, no
// keep-alive), so the test decides exactly when the connection ends and nothing in the test process
// holds it open afterwards.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface RawClient {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Ends the connection: a FIN, or a TCP reset (a phone losing signal, a killed tab). */
  drop(how: 'end' | 'reset'): void;
}

function connect(url: string, head: string, body?: Buffer): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.write(head);
      if (body) socket.write(body);
      resolve({
        socket,
        received: () => received,
        drop: (how) => (how === 'reset' ? socket.resetAndDestroy() : socket.destroy()),
      });
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error) => reject(error));
  });
}

function requestHead(method: string, url: string, headers: Record<string, string>): string {
  const { host, pathname, search } = new URL(url);
  const lines = [`${method} ${pathname}${search} HTTP/1.1`, `host: ${host}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return lines.join('\r\n') + '\r\n\r\n';
}

/**
 * A multipart POST that announces the whole body (its content-length) and sends only the text
 * fields and the first `sentBytes` of the file: the server is mid-upload until the client drops.
 */
export function startUpload(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: { name: string; field: string; contentType: string; bytes: Buffer; sentBytes: number },
): Promise<RawClient> {
  const boundary = `----fault${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const fileHead =
    `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
    `content-type: ${file.contentType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const prefix = Buffer.from(fieldParts.join('') + fileHead, 'latin1');
  const length = prefix.length + file.bytes.length + Buffer.byteLength(tail);
  const head = requestHead('POST', url, {
    ...headers,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(length),
  });
  return connect(url, head, Buffer.concat([prefix, file.bytes.subarray(0, file.sentBytes)]));
}

/** A GET that is sent whole; what comes back is in received(). */
export function startGet(url: string, headers: Record<string, string>): Promise<RawClient> {
  return connect(url, requestHead('GET', url, headers));
}

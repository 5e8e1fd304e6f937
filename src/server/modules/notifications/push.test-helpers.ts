import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, type RequestOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

// A certificate for 127.0.0.1, made here: web-push speaks only https, and the test's push service needs one. DER
// (X.509) is written by hand, as node:crypto signs but does not build certificates.
function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length: number[] = [];
  for (let n = body.length; n > 0; n >>= 8) length.unshift(n & 0xff);
  const header = body.length < 128 ? [body.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...header]), body]);
}
const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
const oid = (hex: string) => der(0x06, Buffer.from(hex, 'hex'));
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));

function selfSignedCertificate(): { key: string; cert: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = sequence(oid('2a8648ce3d040302'));
  const name = sequence(der(0x31, sequence(oid('550403'), der(0x0c, Buffer.from('127.0.0.1')))));
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    // A positive serial number: its first byte is under 0x80.
    der(0x02, Buffer.concat([Buffer.from([1]), randomBytes(7)])),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 60 * 60_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    // subjectAltName: IP 127.0.0.1, which the client checks the address against.
    der(0xa3, sequence(sequence(oid('551d11'), der(0x04, sequence(der(0x87, Buffer.from([127, 0, 0, 1]))))))),
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const lines = cert
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`,
  };
}

/**
 * Push services listen on 443, as the endpoints the app accepts say; the test's service on a free port. This agent
 * takes a connection for 127.0.0.1:443 to that port, refuses any other, and notes every one it was asked for
 * (`attempts`, as `host:port`), so a test can tell where a sender tried to go.
 */
class PushServiceAgent extends Agent {
  readonly attempts: string[] = [];

  constructor(
    ca: string,
    private readonly port: number,
  ) {
    super({ ca });
  }

  override createConnection(
    options: RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const target = `${options.host}:${options.port}`;
    this.attempts.push(target);
    if (target !== '127.0.0.1:443') {
      callback?.(new Error(`no push service at ${target} in this test`), undefined as never);
      return undefined;
    }
    return super.createConnection({ ...options, port: this.port }, callback);
  }
}

/** One POST the push service received. */
export type Delivery = { path: string; headers: IncomingHttpHeaders; body: Buffer; status: number };

/**
 * A push service in the test process, over https at `https://127.0.0.1`: it keeps what it receives and answers 201,
 * or the status a test chose for a subscription (`answer`). Senders reach it through `agent`, which trusts its
 * certificate and keeps the connections it was asked for (`agent.attempts`).
 */
export async function startPushService() {
  const { key, cert } = selfSignedCertificate();
  const received: Delivery[] = [];
  const statuses = new Map<string, number>();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const status = statuses.get(path) ?? 201;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new PushServiceAgent(cert, port);
  return {
    origin: 'https://127.0.0.1',
    agent,
    received,
    /** What the service received for one subscription. */
    to: (path: string) => received.filter((delivery) => delivery.path === path),
    answer: (path: string, status: number) => statuses.set(path, status),
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * What a browser does on subscribing: a P-256 key pair and a 16-byte auth secret, at an endpoint of the push
 * service. `decrypt` reads a message sent to it.
 */
export function browserSubscription(service: PushService) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomBytes(12).toString('hex')}`;
  return {
    path,
    endpoint: `${service.origin}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body: Buffer) => decryptPush(body, ecdh, auth),
  };
}

/**
 * RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm: the header gives the salt, the record size
 * and the sender's public key; ECDH with the browser's key and the auth secret, through HKDF, give the content key
 * and nonce; the one record ends with the delimiter 2 and optional zero padding.
 */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const info = (text: string) => Buffer.from(`${text}\0`);
  const ikm = hkdfSync(
    'sha256',
    ecdh.computeSecret(senderPublic),
    authSecret,
    Buffer.concat([info('WebPush: info'), ecdh.getPublicKey(), senderPublic]),
    32,
  );
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(ikm), salt, info('Content-Encoding: aes128gcm'), 16),
  );
  const nonce = Buffer.from(hkdfSync('sha256', Buffer.from(ikm), salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end -= 1;
  if (padded[end - 1] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end - 1).toString('utf8');
}

/**
 * The VAPID claim of a push (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed (ES256) by that key, for
 * the push service's origin. Returns the JWT's claims when all holds, and throws otherwise.
 */
export function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, head, payload, signature, key] = match as unknown as [string, string, string, string, string];
  if (key !== publicKey) throw new Error('signed with another key');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience) throw new Error(`for ${claims.aud}, not ${audience}`);
  if (claims.exp * 1000 <= Date.now()) throw new Error('expired');
  return claims;
}

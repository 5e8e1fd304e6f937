import type { Config } from '../src/server/config';

/**
 * The app caps the sockets one address may hold (realtime/channel.ts), as it would a crowd behind one address. The
 * benches' clients all run on this machine and stand for many people, so each person's requests say an address of
 * their own (X-Forwarded-For), to apps that trust this machine as their proxy, as they would behind nginx.
 */
export const behindProxy = (config: Config): Config => ({ ...config, trustProxy: ['127.0.0.1'] });

/** The `n`th person's address: 10.x.y.z, one for each of 16 million people. */
export const personAddress = (n: number) => ({
  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
});

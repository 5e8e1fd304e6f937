import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const DB = 'postgres://user:secret@db.example:5432/mentorme';
/** A public deployment needs MAIL_URL unless it says on purpose that it sends no email. */
const NO_MAIL = { MAIL_DISABLED: 'true' };

describe('loadConfig defaults', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      secureCookies: false,
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('.data'),
      demoMode: true,
      logLevel: 'info',
      publicUrl: undefined,
      contactEmail: undefined,
      contactPhone: undefined,
      careerPlatformUrl: undefined,
      chloeCallUrl: undefined,
      trustProxy: false,
      ai: undefined,
      chloe: { messagesPerVisitor: 20, messagesPerMember: 60, replyPollSeconds: 15 },
      rateLimits: {
        globalPerMinute: 300,
        signinPerMinute: 6,
        signinPerHour: 30,
        failedSigninPerAccountPerHour: 100,
        signupPerHour: 10,
      },
    });
  });

  it('does not read process.env when given an environment', () => {
    const config = loadConfig({ PORT: '7001' });
    expect(config.port).toBe(7001);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('turns demo mode off by default with DATABASE_URL, unless DEMO_MODE says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: DB }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: DB }).databaseUrl).toBe(DB);
    expect(loadConfig({ DATABASE_URL: DB, DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig({ DATABASE_URL: DB, DEMO_MODE: '1' }).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'false' }).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'no' }).demoMode).toBe(false);
    // An empty value is the same as unset.
    expect(loadConfig({ DEMO_MODE: '' }).demoMode).toBe(true);
    expect(loadConfig({ DATABASE_URL: '', DEMO_MODE: '' })).toMatchObject({
      databaseUrl: undefined,
      demoMode: true,
    });
  });

  it('turns demo mode off by default with PUBLIC_URL, and notes when DEMO_MODE asked for it', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mentorme.example', ...NO_MAIL }).demoMode).toBe(false);
    expect(loadConfig({}).demoModeExplicit).toBe(false);
    expect(
      loadConfig({ PUBLIC_URL: 'https://mentorme.example', DEMO_MODE: 'true', ...NO_MAIL }),
    ).toMatchObject({
      demoMode: true,
      demoModeExplicit: true,
    });
    expect(loadConfig({ DEMO_MODE: 'false' }).demoModeExplicit).toBe(false);
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/mentorme' }).databaseUrl).toBe(
      'postgresql://localhost/mentorme',
    );
  });

  it('uses secure cookies in production unless PUBLIC_URL is plain http', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).secureCookies).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://mentorme.example', ...NO_MAIL })
        .secureCookies,
    ).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://intranet.example', ...NO_MAIL }).secureCookies,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).secureCookies).toBe(false);
  });

  it('reads the optional settings, trimming text and ignoring empty values', () => {
    const config = loadConfig({
      CONTACT_EMAIL: 'hello@mentorme.example',
      CONTACT_PHONE: '  1800 000 000  ',
      CAREER_PLATFORM_URL: '',
      CHLOE_CALL_URL: 'https://call.example',
      TRUST_PROXY: 'yes',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '12',
      DATA_DIR: 'some/where',
    });
    expect(config).toMatchObject({
      contactEmail: 'hello@mentorme.example',
      contactPhone: '1800 000 000',
      careerPlatformUrl: undefined,
      chloeCallUrl: 'https://call.example',
      trustProxy: 1,
      dataDir: path.resolve('some/where'),
    });
    expect(config.rateLimits.signinPerMinute).toBe(12);
    expect(loadConfig({ CONTACT_PHONE: '   ' }).contactPhone).toBeUndefined();
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'http://x'],
    ['DATABASE_URL', 'not a url'],
    ['CONTACT_EMAIL', 'nope'],
    ['NODE_ENV', 'staging'],
    ['DEMO_MODE', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://files.example'],
    ['CHLOE_CALL_URL', 'javascript:alert(1)'],
    ['RATE_LIMIT_SIGNIN_PER_MINUTE', '0'],
    ['RATE_LIMIT_GLOBAL_PER_MINUTE', '2.5'],
    ['ALLOWED_HOSTS', 'https://mentorme.example'],
    ['ALLOWED_HOSTS', 'mentorme.example:443'],
    ['ALLOWED_HOSTS', 'good.example, bad host.example'],
  ])('refuses %s=%s with a ConfigError that names the variable', (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain(`  ${name}: `);
    expect(message).toContain('.env.example');
  });

  it('answers to the host of PUBLIC_URL and the names of ALLOWED_HOSTS', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Laptop.Home.arpa , ' }).allowedHosts).toEqual(['laptop.home.arpa']);
    expect(
      loadConfig({
        PUBLIC_URL: 'https://Mentorme.example:8443/',
        ALLOWED_HOSTS: 'www.mentorme.example,mentorme.internal',
        ...NO_MAIL,
      }).allowedHosts,
    ).toEqual(['mentorme.example', 'www.mentorme.example', 'mentorme.internal']);
  });

  it('reads Chloe’s model, and needs AI_MODEL with AI_BASE_URL', () => {
    expect(
      loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1', AI_API_KEY: ' key ' }).ai,
    ).toEqual({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', apiKey: 'key' });
    expect(() => loadConfig({ AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/AI_MODEL: required/);
    expect(() => loadConfig({ AI_BASE_URL: 'ftp://models.example' })).toThrow(/AI_BASE_URL: /);
  });

  it('reads the VAPID keys as a pair, and a mailto: or https: subject', () => {
    // Made by `npx web-push generate-vapid-keys`.
    const publicKey =
      'BFuZ_zYo75MoeYE2W4IkBqC0X3nZBRgBFWHrHYIvVLTTuyZyjmW6ZshPN2MOWQjBs5bTr2oeitXWgyzsO8VfnTE';
    const privateKey = 'DHtIrkmAIQ5nNUI_boAx5kJS88BI5CKDs6W4dFFTtNI';
    const pair = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
    expect(loadConfig(pair).push).toEqual({
      keys: { publicKey, privateKey },
      subject: 'mailto:no-reply@localhost',
      serviceHosts: [
        'fcm.googleapis.com',
        'push.services.mozilla.com',
        'notify.windows.com',
        'push.apple.com',
      ],
    });
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example , other.example,' }).push.serviceHosts).toEqual([
      'push.example',
      'other.example',
    ]);
    expect(loadConfig({}).push.keys).toBeUndefined();
    expect(loadConfig({ VAPID_SUBJECT: 'https://mentorme.example/contact' }).push.subject).toBe(
      'https://mentorme.example/contact',
    );
    expect(loadConfig({ CONTACT_EMAIL: 'hello@mentorme.example' }).push.subject).toBe(
      'mailto:hello@mentorme.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://mentorme.example', ...NO_MAIL }).push.subject).toBe(
      'https://mentorme.example',
    );

    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/^ {2}VAPID_PRIVATE_KEY: required/m);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/^ {2}VAPID_PUBLIC_KEY: required/m);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: privateKey })).toThrow(/^ {2}VAPID_PUBLIC_KEY: /m);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'not+base64url' })).toThrow(
      /^ {2}VAPID_PRIVATE_KEY: /m,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://mentorme.example' })).toThrow(/^ {2}VAPID_SUBJECT: /m);
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', CONTACT_EMAIL: 'nope' })).toThrow(/PORT: [\s\S]*CONTACT_EMAIL: /);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy when unset, empty, false, no or 0', () => {
    for (const value of [undefined, '', '  ', 'false', 'FALSE', 'no', '0'])
      expect(trust(value), value).toBe(false);
  });

  it('takes true and yes as one hop (one proxy in front), never as every hop', () => {
    for (const value of ['true', 'yes', ' True ']) expect(trust(value), value).toBe(1);
  });

  it('takes a number as the count of proxies in front', () => {
    expect(trust('2')).toBe(2);
    expect(trust('1')).toBe(1);
  });

  it('takes a list of addresses and ranges', () => {
    expect(trust('127.0.0.1,10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trust(' 127.0.0.1 , ::1, fd00::/8,loopback ')).toEqual([
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['127.0.0.1,nginx', 'nginx'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['300.1.1.1', '300.1.1.1'],
    ['10.0.0.0/8/1', '10.0.0.0/8/1'],
    ['-1', '-1'],
  ])('refuses %s and names the wrong entry', (value, wrong) => {
    let caught: unknown;
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('  TRUST_PROXY: ');
    expect(message).toContain(`${wrong} is not one`);
  });
});

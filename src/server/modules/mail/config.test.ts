import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { configuredTransport } from './transport';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) was expected to fail`);
}

describe('the email settings', () => {
  it('needs MAIL_URL once the site is public, so resets and confirmations reach people', () => {
    const error = configError({ PUBLIC_URL: 'https://x.example' });
    expect(error.message).toMatch(/^ {2}MAIL_URL: required when PUBLIC_URL is set/m);
    expect(error.message).toContain('MAIL_DISABLED=true');
  });

  it('starts a public site with MAIL_URL, or with MAIL_DISABLED=true said on purpose', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://x.example', MAIL_URL: 'smtp://relay.example:587' }).mail,
    ).toMatchObject({
      url: 'smtp://relay.example:587',
      disabled: false,
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://x.example', MAIL_URL: 'smtps://u:p@relay.example' }).mail.url,
    ).toBe('smtps://u:p@relay.example');
    expect(loadConfig({ PUBLIC_URL: 'https://x.example', MAIL_DISABLED: 'true' }).mail).toMatchObject({
      url: undefined,
      disabled: true,
    });
    // An empty value is unset, as for every other setting.
    expect(() => loadConfig({ PUBLIC_URL: 'https://x.example', MAIL_URL: '' })).toThrow(ConfigError);
  });

  it.each(['http://x', 'relay.example:587', 'mailto:someone@example.com'])('refuses MAIL_URL=%s', (value) => {
    const error = configError({ MAIL_URL: value });
    expect(error.message).toMatch(/^ {2}MAIL_URL: must be an smtp:\/\/ or smtps:\/\/ address/m);
  });

  it('sends from no-reply at the public host unless MAIL_FROM says otherwise', () => {
    const mail = (env: Record<string, string>) => loadConfig({ MAIL_DISABLED: 'true', ...env }).mail;
    expect(mail({ PUBLIC_URL: 'https://x.example' }).from).toBe('Mentor Me <no-reply@x.example>');
    expect(mail({ PUBLIC_URL: 'https://help.x.example:8443/' }).from).toBe(
      'Mentor Me <no-reply@help.x.example>',
    );
    expect(mail({}).from).toBe('Mentor Me <no-reply@localhost>');
    expect(mail({ PUBLIC_URL: 'https://x.example', MAIL_FROM: '  Help <help@x.example> ' }).from).toBe(
      'Help <help@x.example>',
    );
  });

  it('writes .eml files in the data directory for a local trial', () => {
    const config = loadConfig({ DATA_DIR: 'trial-data' });
    expect(config.mail).toMatchObject({
      url: undefined,
      disabled: false,
      dir: path.resolve('trial-data', 'mail'),
    });
    const transport = configuredTransport(config);
    expect(transport?.describe).toBe(`.eml files in ${path.resolve('trial-data', 'mail')}`);
    transport?.close();
  });

  it('picks the SMTP relay when MAIL_URL is set, and none when email is off', () => {
    const smtp = configuredTransport(loadConfig({ MAIL_URL: 'smtp://relay.example' }));
    expect(smtp?.describe).toBe('SMTP at relay.example:587');
    smtp?.close();
    const smtps = configuredTransport(loadConfig({ MAIL_URL: 'smtps://relay.example' }));
    expect(smtps?.describe).toBe('SMTP at relay.example:465');
    smtps?.close();
    expect(configuredTransport(loadConfig({ MAIL_DISABLED: 'true' }))).toBeUndefined();
  });
});

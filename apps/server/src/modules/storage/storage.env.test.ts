import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../env.ts';
import { s3SettingsOf } from './storage.env.ts';

const S3 = {
  STORAGE: 's3',
  S3_BUCKET: 'uploads',
  S3_ACCESS_KEY_ID: 'AKIA',
  S3_SECRET_ACCESS_KEY: 'secret',
};

/** The one-line ConfigError message of `env`. */
function refusalOf(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('parseEnv accepted the configuration');
}

describe('STORAGE=s3 settings', () => {
  it('reads the bucket, keys, region (us-east-1 by default), endpoint and path style', () => {
    expect(s3SettingsOf(parseEnv(S3))).toEqual({
      endpoint: undefined,
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const minio = parseEnv({
      ...S3,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3SettingsOf(minio)).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
  });

  it('has no S3 settings for the local disk, whatever S3_* says', () => {
    expect(s3SettingsOf(parseEnv({}))).toBeNull();
    expect(s3SettingsOf(parseEnv({ STORAGE: 'local', S3_BUCKET: 'b' }))).toBeNull();
  });

  it.each(['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)(
    'refuses STORAGE=s3 without %s, naming it',
    (name) => {
      const message = refusalOf({ ...S3, [name]: '' });
      expect(message).toContain(`${name} (required with STORAGE=s3)`);
      expect(message.split('\n')).toHaveLength(1);
    },
  );

  it('names every missing setting at once', () => {
    const message = refusalOf({ STORAGE: 's3' });
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(message).toContain(`${name} (required with STORAGE=s3)`);
  });

  it('refuses an endpoint that is not an http(s) URL and a path style that is not a boolean', () => {
    expect(refusalOf({ ...S3, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT');
    expect(refusalOf({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
  });
});

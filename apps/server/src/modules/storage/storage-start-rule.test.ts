import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageStartRefusal } from './storage-start-rule.ts';

describe('storageStartRefusal (several instances on one PostgreSQL)', () => {
  const dataDir = path.resolve('/srv/codewright');

  it('lets the embedded database start without STORAGE: it has one process', () => {
    expect(storageStartRefusal({ DATA_DIR: dataDir })).toBeNull();
  });

  it('refuses DATABASE_URL without STORAGE in one line naming the uploads folder and the fix', () => {
    const refusal = storageStartRefusal({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/cw' });
    expect(refusal).not.toBeNull();
    expect(refusal!.split('\n')).toHaveLength(1);
    expect(refusal).toContain(path.join(dataDir, 'uploads'));
    expect(refusal).toContain('other instances would not see them');
    expect(refusal).toContain('Set STORAGE=local');
    expect(refusal).toContain('STORAGE=s3');
  });

  it.each(['local', 's3'] as const)(
    'lets DATABASE_URL start once STORAGE=%s is chosen',
    (storage) => {
      expect(
        storageStartRefusal({
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://db/cw',
          STORAGE: storage,
        }),
      ).toBeNull();
    },
  );
});

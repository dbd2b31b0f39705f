import type { z } from 'zod';
import {
  ChatMessageInsertSchema,
  ChatMessagePatchSchema,
  CtaInteractionInsertSchema,
  CtaInteractionPatchSchema,
  DB_ID_PREFIXES,
  DB_TABLES,
  type DbTable,
  ProjectInsertSchema,
  ProjectPatchSchema,
} from '@codewright/contract';

export type ColumnType = 'text' | 'timestamp';

/** What the REST layer may touch in one table: the whitelist every query is checked against. */
export interface TableSpec {
  name: DbTable;
  idPrefix: string;
  /** Columns in their natural order (also the order of `select=*`). */
  columns: Readonly<Record<string, ColumnType>>;
  insertSchema: z.ZodType<Record<string, unknown>>;
  patchSchema: z.ZodType<Record<string, unknown>>;
  /** Columns a PATCH may never change (ownership and identity). */
  frozen: readonly string[];
  /** Set to now() by the server on every PATCH. */
  touchOnPatch?: string;
  /** Timestamp columns the server fills with now() even when the client sent one. */
  serverTimestamps: readonly string[];
}

const specs: Record<DbTable, TableSpec> = {
  projects: {
    name: 'projects',
    idPrefix: DB_ID_PREFIXES.projects,
    columns: {
      id: 'text',
      user_id: 'text',
      name: 'text',
      language: 'text',
      code: 'text',
      description: 'text',
      created_at: 'timestamp',
      updated_at: 'timestamp',
    },
    insertSchema: ProjectInsertSchema,
    patchSchema: ProjectPatchSchema,
    frozen: ['id', 'user_id', 'created_at'],
    touchOnPatch: 'updated_at',
    serverTimestamps: ['created_at', 'updated_at'],
  },
  chat_messages: {
    name: 'chat_messages',
    idPrefix: DB_ID_PREFIXES.chat_messages,
    columns: {
      id: 'text',
      project_id: 'text',
      user_id: 'text',
      role: 'text',
      content: 'text',
      code_snapshot: 'text',
      created_at: 'timestamp',
    },
    insertSchema: ChatMessageInsertSchema,
    patchSchema: ChatMessagePatchSchema,
    frozen: ['id', 'user_id', 'project_id', 'role', 'created_at'],
    // A message's own time is kept: a chat is saved long after it was typed.
    serverTimestamps: [],
  },
  cta_interactions: {
    name: 'cta_interactions',
    idPrefix: DB_ID_PREFIXES.cta_interactions,
    columns: {
      id: 'text',
      user_id: 'text',
      cta_name: 'text',
      page: 'text',
      timestamp: 'timestamp',
    },
    insertSchema: CtaInteractionInsertSchema,
    patchSchema: CtaInteractionPatchSchema,
    frozen: ['id', 'user_id', 'timestamp'],
    serverTimestamps: ['timestamp'],
  },
};

/** The spec of a table named in a URL, or undefined when it is not served. */
export function tableSpec(name: string): TableSpec | undefined {
  return (DB_TABLES as readonly string[]).includes(name) ? specs[name as DbTable] : undefined;
}
